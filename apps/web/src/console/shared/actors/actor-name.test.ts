import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@kippu/contract/console/audit-schemas';
import { actorName } from './actor-name.ts';
import shell from '../../texts/ja.json';
import ja from './texts/ja.json';

/** The shell's texts in Japanese (its kind words) with the actors' own: what the two screens hold. */
const TEXTS: Record<string, string> = { ...shell, ...ja };
const t = (key: string, values?: Readonly<Record<string, string | number>>) =>
  (TEXTS[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));

const actor = (patch: Partial<AuditEvent['actor']>): AuditEvent['actor'] => ({
  kind: 'system',
  staff_id: null,
  device_id: null,
  label: null,
  ...patch,
});

describe('actorName', () => {
  it("words a job's code and a command the server writes", () => {
    expect(actorName(t, actor({ label: 'refunds' }))).toBe('システム · 返金処理');
    expect(actorName(t, actor({ label: 'payment settlement' }))).toBe('システム · 決済の確定処理');
    expect(actorName(t, actor({ label: 'npm run staff -- create-owner' }))).toBe(
      'システム · コマンド：最初のオーナーを作成',
    );
  });

  it('words a visitor by what they held, with its id as stored', () => {
    expect(actorName(t, actor({ kind: 'visitor', label: 'order 1' }))).toBe('来場者 · 注文 1');
    expect(actorName(t, actor({ kind: 'visitor', label: 'reservation 70000000000001' }))).toBe(
      '来場者 · 予約 70000000000001',
    );
    expect(actorName(t, actor({ kind: 'visitor', label: 'ticket 9', device_id: 3 }))).toBe(
      '来場者 · チケット 9',
    );
    expect(actorName(t, actor({ kind: 'visitor', label: 'console sign-in' }))).toBe(
      '来場者 · コンソールへのサインイン',
    );
  });

  it('shows a label it does not know as stored: an old row, a name typed by staff', () => {
    expect(actorName(t, actor({ label: 'nightly sweep' }))).toBe('システム · nightly sweep');
    expect(actorName(t, actor({ kind: 'visitor', label: 'order twelve' }))).toBe('来場者 · order twelve');
    // A staff member, a device or a token is named as typed, even when the name reads like a job's code.
    expect(actorName(t, actor({ kind: 'staff', staff_id: 7, label: 'refunds' }))).toBe('スタッフ · refunds');
    expect(actorName(t, actor({ kind: 'device', device_id: 2, label: 'order 1' }))).toBe('端末 · order 1');
    // Not a word of the object's prototype either.
    expect(actorName(t, actor({ label: 'constructor' }))).toBe('システム · constructor');
  });

  it('names an actor without a label by its id, else by its kind alone', () => {
    expect(actorName(t, actor({ kind: 'staff', staff_id: 7 }))).toBe('スタッフ · スタッフ #7');
    expect(actorName(t, actor({ kind: 'device', device_id: 2 }))).toBe('端末 · 端末 #2');
    expect(actorName(t, actor({}))).toBe('システム');
  });
});
