import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { wholeStylesheetLoaded } from "~/lib/page-stylesheet";
import { replayTypedBeforeHydration } from "~/lib/typed-before-hydration";

/** Runs once the whole page has hydrated: the visitor's typing before then reaches the forms' state. */
function KeepTypedText() {
  useEffect(() => replayTypedBeforeHydration(), []);
  return null;
}

// A prerendered page carries only the rules its HTML uses: what the scripts show next needs the rest.
wholeStylesheetLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <KeepTypedText />
      </StrictMode>,
    );
  }),
);
