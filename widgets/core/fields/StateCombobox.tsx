import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { US_STATES, stateName } from '../../../contract/index.ts';
import type { FieldBinding } from '../form.ts';
import { describedBy } from './ErrorMessage.tsx';
import { FieldFrame } from './FieldFrame.tsx';

/**
 * The searchable list of the 50 states and DC (doc 1 section 5), as the WAI-ARIA APG "editable combobox
 * with list autocomplete": typing filters, Down/Up move through the options, Enter picks, Escape closes
 * (a second Escape clears), Tab leaves and keeps an exact match. The field's value is the two-letter
 * code; the text box shows the state's name.
 */
export interface StateComboboxProps {
  label: string;
  field: FieldBinding;
  /** Shown when the filter matches nothing. */
  noMatchText?: string;
}

interface Option {
  value: string;
  label: string;
}

function matches(options: readonly Option[], text: string): Option[] {
  const query = text.trim().toLowerCase();
  if (!query) return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(query) || o.value.toLowerCase() === query);
}

/** The typed text names a state exactly (its name or its code, any case). */
function exactMatch(text: string): Option | undefined {
  const query = text.trim().toLowerCase();
  return US_STATES.find((o) => o.label.toLowerCase() === query || o.value.toLowerCase() === query);
}

export function StateCombobox({ label, field, noMatchText = 'No state matches' }: StateComboboxProps) {
  const listId = useId();
  const [text, setText] = useState(() => stateName(field.value) ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [filtering, setFiltering] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  // The form may set or clear the value (prefill, reset after a request): follow it unless the person is typing.
  const shownFor = useRef(field.value);
  if (shownFor.current !== field.value) {
    shownFor.current = field.value;
    const name = stateName(field.value);
    if (name !== undefined || field.value === '') {
      if (!filtering || field.value === '') setText(name ?? '');
    }
  }

  const options = useMemo(() => (filtering ? matches(US_STATES, text) : [...US_STATES]), [filtering, text]);
  const optionId = (index: number) => `${field.id}-option-${options[index]?.value ?? ''}`;

  function choose(option: Option) {
    setText(option.label);
    setFiltering(false);
    setOpen(false);
    setActive(-1);
    shownFor.current = option.value;
    field.onChange(option.value);
  }

  function move(to: number) {
    if (options.length === 0) return;
    const index = (to + options.length) % options.length;
    setActive(index);
    setOpen(true);
    listRef.current?.children[index]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          const selected = options.findIndex((o) => o.value === field.value);
          move(selected >= 0 ? selected : 0);
        } else move(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(open ? active - 1 : options.length - 1);
        break;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
          setFiltering(false);
          field.onChange('');
        }
        break;
    }
  }

  function commit() {
    // Leaving the box keeps an exact match; anything else is no state, and the rule says so on blur.
    const match = exactMatch(text);
    const value = match ? match.value : '';
    if (match) setText(match.label);
    setFiltering(false);
    setOpen(false);
    setActive(-1);
    shownFor.current = value;
    if (value !== field.value) field.onChange(value);
    field.onBlur(value);
  }

  const expanded = open && options.length > 0;
  return (
    <FieldFrame label={label} field={field}>
      <div className="ppm-combobox">
        <input
          ref={field.inputRef}
          id={field.id}
          name={field.name}
          className="ppm-input ppm-combobox__input"
          part="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy(field.id, field.error)}
          value={text}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setText(typed);
            setFiltering(true);
            setOpen(true);
            setActive(-1);
            // A fully typed name is a choice already, so a shown error can go before the person clicks on
            const value = exactMatch(typed)?.value ?? '';
            if (value !== field.value) {
              shownFor.current = value;
              field.onChange(value);
            }
          }}
          onClick={() => setOpen((was) => !was)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        <span className="ppm-combobox__arrow" aria-hidden="true" />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="ppm-combobox__list"
          part="listbox"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={option.value === field.value}
              className={index === active ? 'ppm-combobox__option ppm-combobox__option--active' : 'ppm-combobox__option'}
              // mousedown would blur the input before the click lands; keep focus where it is
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {open && options.length === 0 && (
          <p className="ppm-combobox__empty" role="status">
            {noMatchText}
          </p>
        )}
      </div>
    </FieldFrame>
  );
}

export const comboboxStyles = /* css */ `
.ppm-combobox { position: relative; }
.ppm-combobox__input { padding-right: 2.5rem; }
.ppm-combobox__arrow {
  position: absolute; right: 0.9rem; top: 1.1rem; width: 0.6rem; height: 0.6rem; pointer-events: none;
  border-right: 2px solid var(--_ink); border-bottom: 2px solid var(--_ink); transform: rotate(45deg);
}
.ppm-combobox__list {
  position: absolute; z-index: 10; left: 0; right: 0; top: calc(100% + 2px); max-height: 15rem; overflow-y: auto;
  margin: 0; padding: 0.25rem 0; list-style: none; background: var(--_surface);
  border: 2px solid var(--_ink); border-radius: var(--_radius); box-shadow: 0 6px 18px rgb(0 0 0 / 0.15);
}
.ppm-combobox__list[hidden] { display: none; }
.ppm-combobox__option { padding: 0.5rem 0.75rem; cursor: pointer; }
.ppm-combobox__option:hover { background: #f0f2f4; }
.ppm-combobox__option[aria-selected="true"] { font-weight: 600; }
.ppm-combobox__option--active { background: var(--_ink); color: var(--_surface); }
.ppm-combobox__option--active:hover { background: var(--_ink); }
.ppm-combobox__empty {
  position: absolute; z-index: 10; left: 0; right: 0; top: calc(100% + 2px); margin: 0; padding: 0.5rem 0.75rem;
  background: var(--_surface); border: 2px solid var(--_line); border-radius: var(--_radius); color: var(--_muted);
}
`;
