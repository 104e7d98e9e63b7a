import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { replayTypedBeforeHydration } from "~/lib/typed-before-hydration";

/** Runs once the whole page has hydrated: the visitor's typing before then reaches the forms' state. */
function KeepTypedText() {
  useEffect(() => replayTypedBeforeHydration(), []);
  return null;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
      <KeepTypedText />
    </StrictMode>,
  );
});
