import { useId, useRef, useState } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';

/**
 * A numeric keypad: PINs are typed by thumb on a touch screen, and never shown. `autoFocus`: the
 * field takes the keyboard when the pad appears (a name was just chosen), so typed digits land in it.
 */
export function PinPad({ label, busy, error, autoFocus, onSubmit }: { label: string; busy?: boolean; error?: string; autoFocus?: boolean; onSubmit: (pin: string) => void }) {
  const t = useT();
  // Uncontrolled: React copies a controlled input's value into its value attribute, where the PIN
  // would sit in the page's HTML (a DOM snapshot, a trace) until sent. The state only mirrors it
  // for the OK key.
  const input = useRef<HTMLInputElement>(null);
  const [pin, setPinState] = useState('');
  const setPin = (next: string) => {
    if (input.current) input.current.value = next;
    setPinState(next);
  };
  const errorId = useId();
  const press = (digit: string) => {
    const typed = input.current?.value ?? '';
    setPin(typed.length < 8 ? typed + digit : typed);
  };
  return (
    <form
      className="pin-pad"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = input.current?.value ?? '';
        if (typed.length >= 4) onSubmit(typed);
        setPin('');
      }}
    >
      <label className="field">
        <span>{label}</span>
        <input
          type="password"
          // Its own keys are right below: no touch keyboard (the kiosk's or the system's) over them.
          inputMode="none"
          autoComplete="off"
          autoFocus={autoFocus}
          ref={input}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {/* Right under the field, above the keys: below them it fell under the fold at 1280x800. */}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="pin-keys">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <button key={d} type="button" className="pin-key" onClick={() => press(d)}>
            {d}
          </button>
        ))}
        <button type="button" className="pin-key" aria-label={t('pin.clear')} onClick={() => setPin('')}>
          {t('pin.clearKey')}
        </button>
        <button type="button" className="pin-key" onClick={() => press('0')}>
          0
        </button>
        <button type="submit" className="pin-key pin-ok" disabled={busy || pin.length < 4}>
          {t('pin.ok')}
        </button>
      </div>
    </form>
  );
}
