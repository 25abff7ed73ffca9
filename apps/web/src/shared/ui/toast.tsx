import { useToastStore } from '../stores/toast-store.ts';
import './toast.css';

/** The top toast (spec §4). A cached message from before a reload: app/use-cached-toast.ts. */
export function Toast() {
  const text = useToastStore((state) => state.toastText);
  const isOpen = useToastStore((state) => state.isOpen);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-app-layer>
      <div className={`toast${isOpen ? ' toast--open' : ''}`} data-testid="toast" hidden={!text}>
        {text}
      </div>
    </div>
  );
}
