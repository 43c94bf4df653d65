import { useEffect, useState } from 'react';
import Keyboard from 'react-simple-keyboard';
import { useT } from '@renderer/i18n/I18nProvider';
import 'react-simple-keyboard/build/css/index.css';

const typedInputs = new Set(['text', 'email', 'tel', 'search', 'password', 'number', '']);

/**
 * The letters of the kiosk's six languages beyond a-z, on a layer of their own ({accents}, as a
 * phone's "àé" key): French é è ê ë à â ç ô û ù î ï; Yoruba ẹ ọ ṣ with their tones (á à é è í ì
 * ó ò ú ù, ẹ́ ẹ̀ ọ́ ọ̀, ń ǹ); Hausa ɓ ɗ ƙ ƴ; Igbo ị ọ ụ ṅ. One letter from it and the keyboard is
 * back on a-z, as after a long-press. Names also need ' (D'Souza) and - (Adé-Bọ́lá): on both layers.
 */
const accents = ['é è ê ë á à â ç í ì î ï {bksp}', 'ó ò ô ú ù û ẹ ẹ́ ẹ̀ ọ ọ́ ọ̀', "{shift} ṣ ń ǹ ṅ ị ụ ɓ ɗ ƙ ƴ ' -", '{abc} {space} {done}'];
const accentsShift = ['É È Ê Ë Á À Â Ç Í Ì Î Ï {bksp}', 'Ó Ò Ô Ú Ù Û Ẹ Ẹ́ Ẹ̀ Ọ Ọ́ Ọ̀', "{shift} Ṣ Ń Ǹ Ṅ Ị Ụ Ɓ Ɗ Ƙ Ƴ ' -", '{abc} {space} {done}'];

/**
 * Signs, on a layer that stays until abc: what an e-mail, an address or a key can hold besides
 * letters and digits (seun_ade@…, https://…, tcp://192.168.1.50:9100, sk_live_…). Without it a
 * supervisor could not type the kiosk's own settings on its screen.
 */
const symbols = ['1 2 3 4 5 6 7 8 9 0 {bksp}', '_ : / . - + = & # %', '? ! , ; ( ) * $ ~ |', '{abc} @ {space} .com {done}'];

const layouts = {
  default: ['1 2 3 4 5 6 7 8 9 0 {bksp}', 'q w e r t y u i o p', "a s d f g h j k l '", '{shift} z x c v b n m . - _', '{accents} {symbols} @ {space} .com {done}'],
  shift: ['1 2 3 4 5 6 7 8 9 0 {bksp}', 'Q W E R T Y U I O P', "A S D F G H J K L '", '{shift} Z X C V B N M . - _', '{accents} {symbols} @ {space} .com {done}'],
  accents,
  accentsShift,
  symbols,
  // Number pads with big keys and nothing but what the field takes: a phone number its +, an
  // amount its decimal point, a date (day/month/year) its slash, a count neither. One pad for all
  // of them offered a + in an amount and no way to write a date in the journal's search.
  tel: ['1 2 3', '4 5 6', '7 8 9', '+ 0 {bksp}', '{done}'],
  date: ['1 2 3', '4 5 6', '7 8 9', '/ 0 {bksp}', '{done}'],
  decimal: ['1 2 3', '4 5 6', '7 8 9', '. 0 {bksp}', '{done}'],
  numeric: ['1 2 3', '4 5 6', '7 8 9', '0 {bksp}', '{done}'],
};

/**
 * The number pad a field asks for by its inputmode (or type), or null for the letters. A typed
 * date says `data-keys="date"`: no inputmode names day/month/year.
 */
function numberPad(input: HTMLInputElement): 'tel' | 'date' | 'decimal' | 'numeric' | null {
  if (input.dataset.keys === 'date') return 'date';
  if (input.inputMode === 'tel' || input.type === 'tel') return 'tel';
  if (input.inputMode === 'decimal') return 'decimal';
  if (input.inputMode === 'numeric' || input.type === 'number') return 'numeric';
  return null;
}

/** The text without its last letter, marks and all (ẹ́ is three code points, one letter). */
function withoutLastLetter(text: string): string {
  const letters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];
  return letters
    .slice(0, -1)
    .map((letter) => letter.segment)
    .join('');
}

/** Writes through the input's native setter so React (and react-hook-form) see a real input event. */
function typeInto(input: HTMLInputElement, next: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, next);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Room kept between the field (with its label) and the edges of what can be seen. */
const viewMargin = 24;

/**
 * Scrolls the screen so the field being typed into, its label and its error sit in view, clear of
 * the keyboard below (the screen scrolls in the space left above it) and of anything pinned over
 * that screen's bottom edge. Only the field's own scrolling box moves, never the page's frame.
 */
function keepInView(input: HTMLInputElement) {
  const box = input.labels?.[0]?.parentElement?.contains(input) ? input.labels[0].parentElement : input;
  let scroller = input.parentElement;
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  if (!scroller) return;
  const view = scroller.getBoundingClientRect();
  let bottom = view.bottom;
  for (const pinned of scroller.querySelectorAll<HTMLElement>('*')) {
    if (getComputedStyle(pinned).position !== 'sticky' || pinned.contains(box)) continue;
    const r = pinned.getBoundingClientRect();
    if (r.bottom >= view.bottom - 1 && r.top > view.top) bottom = Math.min(bottom, r.top);
  }
  const field = box.getBoundingClientRect();
  const room = bottom - view.top - 2 * viewMargin;
  // Below what can be seen: lift it; above (or taller than the room left): its label goes to the top.
  const by = field.top < view.top + viewMargin || field.height > room ? field.top - view.top - viewMargin : field.bottom > bottom - viewMargin ? field.bottom - bottom + viewMargin : 0;
  if (by !== 0) scroller.scrollTop += by;
}

/**
 * A kiosk has no physical keyboard: whichever text field has focus gets this keyboard docked at
 * the bottom, with the keys that field takes (letters, or a number pad: see numberPad); a field
 * with `inputmode="none"` (a PIN pad) has keys of its own and gets none. Keys do not steal focus
 * from the field.
 */
export function OnScreenKeyboard() {
  const t = useT();
  const [target, setTarget] = useState<HTMLInputElement | null>(null);
  const [shift, setShift] = useState(false);
  const [layer, setLayer] = useState<'letters' | 'accents' | 'symbols'>('letters');

  useEffect(() => {
    let pressing = false;
    let hideAfterPress = false;
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      // inputmode="none": the field brings its own keys (a PIN pad), so a second pad would only
      // cover the screen and offer keys the field does not take. Focus that lands anywhere but on
      // a field the keyboard types into leaves a press's hiding (onBlur) to go ahead.
      if (!(el instanceof HTMLInputElement && typedInputs.has(el.type) && !el.readOnly && el.inputMode !== 'none')) return;
      hideAfterPress = false;
      setTarget(el);
    };
    const onBlur = (event: FocusEvent) => {
      // Focus moving onto the keyboard itself is not leaving the field.
      if (event.relatedTarget instanceof Element && event.relatedTarget.closest('.osk')) return;
      // Leaving by a touch (on Continue, say): the keyboard goes once that touch is over, so the
      // layout does not move under the finger between press and release.
      if (pressing) hideAfterPress = true;
      else setTarget(null);
    };
    const onDown = () => {
      pressing = true;
    };
    // A key that changes the layout (Shift) is replaced under the mouse: no click follows its press.
    // With a mouse, focus moved at the press already, so its release ends the press; a touch moves
    // focus only with the mouse events that follow its release, so a touch still waits for the click.
    const onRelease = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && !hideAfterPress) pressing = false;
    };
    const onUp = () => {
      pressing = false;
      if (hideAfterPress) setTimeout(() => (hideAfterPress ? ((hideAfterPress = false), setTarget(null)) : undefined), 0);
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onBlur);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointerup', onRelease, true);
    window.addEventListener('click', onUp, true);
    window.addEventListener('pointercancel', onUp, true);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointerup', onRelease, true);
      window.removeEventListener('click', onUp, true);
      window.removeEventListener('pointercancel', onUp, true);
    };
  }, []);

  useEffect(() => {
    if (!target) return;
    // A field that leaves the screen takes the keyboard with it: removed with its step (an idle
    // reset, Start over) or hidden behind "Still there?". Removing a focused field does not blur it.
    const gone = () => !target.isConnected || !target.checkVisibility({ checkVisibilityCSS: true });
    // Each field starts on plain letters.
    setLayer('letters');
    if (gone()) return setTarget(null);
    const watch = new MutationObserver(() => gone() && setTarget(null));
    watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'aria-hidden'] });
    // The screen above the keyboard just got shorter: bring the field and its label into view.
    keepInView(target);
    return () => watch.disconnect();
  }, [target]);

  if (!target) return null;
  const pad = numberPad(target);
  const onKeyPress = (button: string) => {
    const value = target.value;
    if (button === '{done}') return target.blur();
    if (button === '{shift}') return setShift(!shift);
    if (button === '{accents}') return setLayer('accents');
    if (button === '{symbols}') return setLayer('symbols');
    if (button === '{abc}') return setLayer('letters');
    if (button === '{bksp}') return typeInto(target, withoutLastLetter(value));
    typeInto(target, value + (button === '{space}' ? ' ' : button));
    if (shift) setShift(false);
    if (layer === 'accents') setLayer('letters');
  };
  const layoutName = pad ?? (layer === 'symbols' ? 'symbols' : `${layer === 'accents' ? 'accents' : 'default'}${shift ? 'Shift' : ''}`);
  return (
    <>
    <div className={pad ? 'osk osk-numeric' : 'osk'} role="group" aria-label={t('osk.label')} onMouseDown={(e) => e.preventDefault()}>
      <Keyboard
        layout={layouts}
        layoutName={layoutName === 'defaultShift' ? 'shift' : layoutName}
        display={{ '{bksp}': t('osk.delete'), '{shift}': t('osk.shift'), '{space}': t('osk.space'), '{done}': t('osk.done'), '{accents}': t('osk.accents'), '{symbols}': t('osk.symbols'), '{abc}': t('osk.letters') }}
        buttonAttributes={[
          { attribute: 'aria-label', value: t('osk.accentsName', { keys: t('osk.accents') }), buttons: '{accents}' },
          { attribute: 'aria-label', value: t('osk.symbolsName', { keys: t('osk.symbols') }), buttons: '{symbols}' },
          { attribute: 'aria-label', value: t('osk.lettersName', { keys: t('osk.letters') }), buttons: '{abc}' },
        ]}
        buttonTheme={[{ class: 'osk-layer', buttons: '{accents} {symbols} {abc}' }]}
        onKeyPress={onKeyPress}
        preventMouseDownDefault
        useButtonTag
      />
    </div>
    </>
  );
}
