import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error.ts';
import { EXPORT_LIMITS, exportsRunning, takeExportSlot } from './export-slots.ts';

/** The export cap (ADR 085 addendum): 2 per organisation, 4 per process, one more refused with 429. */
describe('export slots', () => {
  it('refuses a third export of one organisation and a fifth of the process; a slot given back is taken again', () => {
    expect(EXPORT_LIMITS).toEqual({ perOrganisation: 2, perProcess: 4 });
    const refusal = (organisationId: number) => {
      try {
        takeExportSlot(organisationId);
      } catch (error) {
        return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
      }
      return 'taken';
    };
    const a1 = takeExportSlot(1);
    const a2 = takeExportSlot(1);
    expect(refusal(1)).toBe('429 too_many_requests');
    const b1 = takeExportSlot(2);
    const c1 = takeExportSlot(3);
    expect(exportsRunning()).toBe(4);
    // The process is full: an organisation with none running is refused too.
    expect(refusal(4)).toBe('429 too_many_requests');

    a1();
    a1(); // given back once, however often called
    expect(exportsRunning(1)).toBe(1);
    expect(exportsRunning()).toBe(3);
    const d1 = takeExportSlot(4);
    expect(refusal(1)).toBe('429 too_many_requests');
    for (const release of [a2, b1, c1, d1]) release();
    expect(exportsRunning()).toBe(0);
    expect(exportsRunning(1)).toBe(0);
  });
});
