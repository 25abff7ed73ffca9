import { useState } from 'react';

/** What a secret's panel says, in the feature's words (its texts load with its screen, not the shell's). */
export interface SecretOnceLabels {
  /** The panel's heading: "The new token of Shop A". */
  title: string;
  /** That it will not be shown again, and where it goes. */
  warning: string;
  copy: string;
  copied: string;
  /** Could not reach the clipboard: select the text instead. */
  copyFailed: string;
  /** Closes the panel: "I have stored it". */
  done: string;
}

/**
 * A secret the server answers once (an API token, a webhook's signing secret, issue 30): shown with a copy
 * button and a plain warning that it will not be seen again. The value lives only in this panel's props,
 * which the screen holds in component state: leaving the screen or pressing "done" drops it for good, and no
 * query cache keeps it (the screens' mutations use gcTime 0).
 */
export function SecretOnce({
  secret,
  labels,
  onDone,
}: {
  secret: string;
  labels: SecretOnceLabels;
  onDone: () => void;
}) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyIt = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section className="c-notice c-notice--ok c-secret-once" aria-label={labels.title}>
      <h2>{labels.title}</h2>
      <p>
        <strong>{labels.warning}</strong>
      </p>
      <p>
        <code className="c-key" data-secret>
          {secret}
        </code>
      </p>
      <p className="c-actions">
        <button className="c-button c-button--primary" type="button" onClick={() => void copyIt()}>
          {labels.copy}
        </button>
        <button className="c-button" type="button" onClick={onDone}>
          {labels.done}
        </button>
      </p>
      <p role="status">{copy === 'copied' ? labels.copied : copy === 'failed' ? labels.copyFailed : ''}</p>
    </section>
  );
}
