import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import {
  type CONTACT_FIELD_NAMES,
  emptyItem,
  type FoamValues,
  type ItemFieldName,
  type ItemValues,
  itemErrorKey,
  itemLabelErrorKey,
  type LabelFieldName,
  QUOTE_MAX_ITEMS,
  type QuoteFieldErrors,
  type QuoteValues,
} from "~/features/quote/quote";
import { withPastedRows } from "~/features/quote/quote-paste";
import { fieldId } from "./field-state";

let nextRowKey = 1;

/**
 * The form's values, its rows' keys and its field messages, with the changes the form makes to them:
 * a field typed in (its message goes), rows added (pasted lines first) and removed. Focus moves to the
 * row added or to the one after the row removed.
 */
export function useQuoteValues(initial: QuoteValues, initialErrors: QuoteFieldErrors) {
  const [values, setValues] = useState<QuoteValues>(initial);
  const [rowKeys, setRowKeys] = useState<number[]>(() => initial.items.map(() => nextRowKey++));
  const [errors, setErrors] = useState<QuoteFieldErrors>(initialErrors);
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterRender.current) {
      document.getElementById(focusAfterRender.current)?.focus();
      focusAfterRender.current = null;
    }
  });

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });

  /** `pasteList`: the pasted lines the form had no room for (withPastedRows), left in the box. */
  function setRows(items: ItemValues[], keys: number[], pasteList = "") {
    setValues((current) => ({ ...current, items, pasteList }));
    setRowKeys(keys);
  }

  return {
    values,
    rowKeys,
    errors,
    setErrors,
    ...fieldSetters(setValues, clearError),
    /** The pasted lines as rows (before sending); the values to send. */
    mergePasted(): QuoteValues {
      const merged = withPastedRows(values);
      if (merged !== values)
        setRows(
          merged.items,
          merged.items.map((_, i) => rowKeys[i] ?? nextRowKey++),
          merged.pasteList,
        );
      return merged;
    },
    /** Adds one empty row and focuses it; false when the list is already full. */
    addItem(): boolean {
      if (values.items.length >= QUOTE_MAX_ITEMS) return false;
      const items = [...values.items, emptyItem(values.items[0]?.area ?? "")];
      setRows(items, [...rowKeys, nextRowKey++], values.pasteList);
      focusAfterRender.current = fieldId(itemErrorKey(items.length - 1, "description"));
      return true;
    },
    /**
     * Turns the pasted lines into rows (an empty first row is filled first) and focuses the first of
     * them; false when there was nothing to turn.
     */
    pasteRows(): boolean {
      const merged = withPastedRows(values);
      if (merged === values || values.pasteList.trim() === "") return false;
      setRows(merged.items, keysAfterPaste(values.items, merged.items, rowKeys), merged.pasteList);
      const firstNew = merged.items.findIndex((row, i) => row !== values.items[i]);
      focusAfterRender.current = fieldId(itemErrorKey(Math.max(0, firstNew), "description"));
      return true;
    },
    removeRow(index: number) {
      const items = values.items.filter((_, i) => i !== index);
      const keys = rowKeys.filter((_, i) => i !== index);
      setRows(
        items.length > 0 ? items : [emptyItem()],
        items.length > 0 ? keys : [nextRowKey++],
        values.pasteList,
      );
      setErrors({});
      focusAfterRender.current = focusAfterRemove(index, items.length);
    },
  };
}

/** The changes typed into a field: its value set, its message gone. */
function fieldSetters(setValues: Dispatch<SetStateAction<QuoteValues>>, clearError: (key: string) => void) {
  return {
    setContact(name: (typeof CONTACT_FIELD_NAMES)[number], value: string) {
      setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
    setItem(index: number, name: ItemFieldName, value: string) {
      setValues((current) => ({
        ...current,
        items: current.items.map((row, i) => (i === index ? { ...row, [name]: value } : row)),
      }));
      clearError(itemErrorKey(index, name));
    },
    setItemLabel(index: number, name: LabelFieldName, value: string) {
      setValues((current) => ({
        ...current,
        items: current.items.map((row, i) =>
          i === index ? { ...row, labels: { ...row.labels, [name]: value } } : row,
        ),
      }));
      clearError(itemLabelErrorKey(index, name));
    },
    setFoam(name: keyof FoamValues, value: string) {
      setValues((current) => ({ ...current, foam: { ...current.foam, [name]: value } }));
      clearError(`foam.${name}`);
    },
    setPasteList(pasteList: string) {
      setValues((current) => ({ ...current, pasteList }));
    },
  };
}

/** The rows' keys once pasted lines became rows: a row left as it was keeps its key. */
function keysAfterPaste(
  before: readonly ItemValues[],
  after: readonly ItemValues[],
  rowKeys: readonly number[],
): number[] {
  return after.map((_, i) =>
    i < before.length && after[i] === before[i] ? (rowKeys[i] ?? nextRowKey++) : nextRowKey++,
  );
}

/** Where focus goes once a row is removed: the row now in its place (or the last), or the new empty row's area. */
function focusAfterRemove(index: number, remaining: number): string {
  return remaining > 0
    ? fieldId(itemErrorKey(Math.min(index, remaining - 1), "description"))
    : fieldId(itemErrorKey(0, "area"));
}
