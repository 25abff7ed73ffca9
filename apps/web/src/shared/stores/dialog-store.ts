import { create } from 'zustand';

/** One confirmation dialog (spec §3). Texts are given directly or as translation keys. */
export type DialogInput = {
  title?: string;
  titleKey?: string;
  text?: string;
  textKey?: string;
  okButtonText?: string;
  okButtonTextKey?: string;
  ngButtonText?: string;
  ngButtonTextKey?: string;
  okAction?: () => void;
  onClose?: () => void;
};
export type Dialog = DialogInput & { number: number };

type DialogState = {
  dialogs: Dialog[];
  lastNumber: number;
  /** Adds a dialog with the next number and returns that number. Only the first queued dialog is shown. */
  open: (dialog: DialogInput) => number;
  /** Runs the dialog's onClose and removes it; without a number, the oldest. */
  close: (number?: number) => void;
  /** OK runs the dialog's action, then closes it. */
  ok: (number: number) => void;
};

export const useDialogStore = create<DialogState>()((set, get) => ({
  dialogs: [],
  lastNumber: 0,
  open: (dialog) => {
    const number = get().lastNumber + 1;
    set((state) => ({ lastNumber: number, dialogs: [...state.dialogs, { ...dialog, number }] }));
    return number;
  },
  close: (number) => {
    const { dialogs } = get();
    const target = number === undefined ? dialogs[0] : dialogs.find((dialog) => dialog.number === number);
    if (!target) return;
    target.onClose?.();
    set((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.number !== target.number) }));
  },
  ok: (number) => {
    get()
      .dialogs.find((dialog) => dialog.number === number)
      ?.okAction?.();
    get().close(number);
  },
}));

/** Cancel is offered only when a cancel label is given (spec §4). */
export const hasCancelButton = (dialog: DialogInput) =>
  Boolean(dialog.ngButtonText || dialog.ngButtonTextKey);
