/**
 * A person with a keyboard alone, counting what they do the way a usability audit counts "interactions"
 * (issue 11, item 8). The rules of the count:
 *
 * - typing into a field is one input, however many keys it takes; an Enter pressed in that field to send
 *   the form (HTML's implicit submission, from a text field or a radio button) ends the same input;
 * - choosing an answer is one input: a radio answer by Space or the arrow keys, a list's option by typing
 *   the start of its name (Enter ending it as above);
 * - pressing a button (Enter on it) is one input;
 * - Tab and Shift+Tab, moving between fields, count nothing; neither does waiting (for a VIN check, a
 *   price);
 * - a question already answered as wanted (a default, a prefill, a dealer's preset) costs nothing, and the
 *   driver says so in its log.
 *
 * Every move is a key press through page.keyboard: no click, fill or check, so a field a keyboard cannot
 * reach fails the walk (tabTo gives up after MAX_TABS presses).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

const MAX_TABS = 120;

/** The element with focus, through open shadow roots (the wizard on a dealer's page lives in one). */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active === element;
  });
}

export interface InputLog {
  /** One line per input, in order: what was done and where. */
  readonly inputs: string[];
  /** What cost nothing because it was already answered. */
  readonly given: string[];
  readonly tabs: number;
  readonly sentByEnter: number;
}

export class KeyboardPerson implements InputLog {
  readonly inputs: string[] = [];
  readonly given: string[] = [];
  tabs = 0;
  /** How many inputs end with the Enter that sends their step (each would be one more if counted apart). */
  sentByEnter = 0;
  /** The field the last input went into, while the focus is still there: Enter there sends the form. */
  private lastField: Locator | null = null;

  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get count(): number {
    return this.inputs.length;
  }

  /** Tab (forward) until `target` has focus; free. */
  async tabTo(target: Locator, what: string): Promise<void> {
    await target.waitFor({ state: 'visible', timeout: 15_000 });
    for (let presses = 0; presses <= MAX_TABS; presses++) {
      if (await isFocused(target)) return;
      await this.page.keyboard.press('Tab');
      this.tabs += 1;
    }
    assert.fail(`${what}: not reached with ${MAX_TABS} presses of Tab`);
  }

  private record(line: string, field: Locator | null): void {
    this.inputs.push(line);
    this.lastField = field;
  }

  /** Types `text` into the field labelled `label` (one input). */
  async type(field: Locator, label: string, text: string): Promise<void> {
    await this.tabTo(field, label);
    await this.page.keyboard.type(text);
    this.record(`type ${JSON.stringify(text)} into ${label}`, field);
  }

  /** Answers the radio question `question` with `answer` (one input), unless it already holds it. */
  async choose(scope: Page | Locator, question: string, answer: string): Promise<void> {
    const radios = scope.getByRole('group', { name: question }).getByRole('radio');
    const labels = await radios.evaluateAll((list) => list.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''));
    const checked = await radios.evaluateAll((list) => list.findIndex((r) => (r as HTMLInputElement).checked));
    const wanted = labels.indexOf(answer);
    assert.ok(wanted >= 0, `${question}: no answer ${answer} among ${labels.join(', ')}`);
    if (checked === wanted) {
      this.given.push(`${question} ${answer}`);
      return;
    }
    // Tab enters a group on its checked radio, or on its first when none is
    const from = checked >= 0 ? checked : 0;
    const target = radios.nth(from);
    await this.tabTo(target, question);
    if (checked < 0 && wanted === 0) await this.page.keyboard.press('Space');
    for (let at = from; at < wanted; at++) await this.page.keyboard.press('ArrowDown');
    for (let at = from; at > wanted; at--) await this.page.keyboard.press('ArrowUp');
    assert.equal(await radios.nth(wanted).isChecked(), true, `${question}: ${answer} chosen`);
    this.record(`choose ${answer} for ${question}`, radios.nth(wanted));
  }

  /** Picks `option` in the list labelled `label` by typing its start (one input), unless it is already chosen. */
  async select(field: Locator, label: string, option: string): Promise<void> {
    const shown = () => field.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent?.trim() ?? '');
    if ((await shown()) === option) {
      this.given.push(`${label} ${option}`);
      return;
    }
    await this.tabTo(field, label);
    await this.page.keyboard.type(option);
    assert.equal(await shown(), option, `${label}: ${option} picked by typing`);
    // a select sends nothing on Enter: the next press is the step's own button
    this.record(`pick ${option} in ${label}`, null);
  }

  /** A field that the wizard filled in for the person: checked, not counted. */
  async prefilled(field: Locator, label: string, value: string): Promise<void> {
    assert.equal(await field.inputValue(), value, `${label} is prefilled`);
    this.given.push(`${label} ${value}`);
  }

  /** Presses the button (Tab to it, Enter: one input). */
  async press(button: Locator, name: string): Promise<void> {
    await this.tabTo(button, name);
    await this.page.keyboard.press('Enter');
    this.record(`press ${name}`, null);
  }

  /**
   * Sends the step's form: Enter in the field just answered when that sends it (a text field or a radio
   * button; the same input as the answer), else Tab to `button` and Enter (one input).
   */
  async send(button: Locator, name: string): Promise<void> {
    if (this.lastField && (await isFocused(this.lastField))) {
      await this.page.keyboard.press('Enter');
      this.inputs[this.inputs.length - 1] += ', Enter sends the step';
      this.sentByEnter += 1;
      this.lastField = null;
      return;
    }
    await this.press(button, name);
  }
}
