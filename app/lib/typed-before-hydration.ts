/**
 * A page with forms loads its scripts on the visitor's first interaction (docs/decisions/0023), so a
 * visitor may type, tick or pick a file before React takes over. React keeps what the field shows but
 * not its own state, and would wipe the field at its next render. After hydration this hands each such
 * change to React as the event the field would have sent, so the form's state holds what was typed.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Sets a property with the element's own setter, past React's value tracking. */
function setNative(field: Field, property: "value" | "checked", value: string | boolean): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
  setter?.call(field, value);
}

function replay(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    const changed = [...field.options].some((option) => option.selected !== option.defaultSelected);
    if (changed) field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    if (field.checked === field.defaultChecked) return;
    const checked = field.checked;
    // React's tracker learns the old state, the element gets the visitor's: the click then reads a change.
    field.checked = field.defaultChecked;
    setNative(field, "checked", checked);
    field.dispatchEvent(new Event("click", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && field.type === "file") {
    if (field.files?.length) field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && field.type === "hidden") return;
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  field.value = field.defaultValue;
  setNative(field, "value", typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Call once React has hydrated the page (an effect of the root). */
export function replayTypedBeforeHydration(root: ParentNode = document): void {
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) replay(field);
}
