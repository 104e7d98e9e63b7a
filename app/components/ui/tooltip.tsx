import {
  cloneElement,
  createContext,
  type FocusEvent,
  type HTMLAttributes,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * docs/product.md#tooltips: a tooltip opens 700 ms after the pointer arrives; moving from one tooltip to
 * another within 300 ms skips the delay. Keyboard focus opens it at once; Escape, blur, a click or
 * the pointer leaving closes it. A small component of our own: the site's only tooltips label
 * icon buttons, and a positioning library would double the JavaScript of every page
 * (docs/decisions/0005-light-header.md).
 */
const TooltipTiming = createContext({ delay: 700, skipDelay: 300, lastClosedAt: { current: 0 } });

export function TooltipProvider({ children }: { children: ReactNode }) {
  const lastClosedAt = useRef(0);
  const value = useMemo(() => ({ delay: 700, skipDelay: 300, lastClosedAt }), []);
  return <TooltipTiming.Provider value={value}>{children}</TooltipTiming.Provider>;
}

type Trigger = ReactElement<HTMLAttributes<HTMLElement>>;

export function Tooltip({ label, children }: { label: string; children: Trigger }) {
  const { delay, skipDelay, lastClosedAt } = useContext(TooltipTiming);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt.current = Date.now();
      return false;
    });
  }, [lastClosedAt]);

  const show = (immediately: boolean) => {
    clearTimeout(timer.current);
    if (immediately || Date.now() - lastClosedAt.current < skipDelay) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, hide]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The handlers go on the control itself (composed with its own); the wrapper only positions.
  const own = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === "mouse") show(false);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(":focus-visible")) show(true);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
  });

  return (
    <span className="relative inline-flex">
      {trigger}
      {open ? (
        <span
          role="tooltip"
          id={id}
          className="pointer-events-none absolute top-full right-0 z-50 mt-2 rounded-md bg-navy px-3 py-1.5 text-sm whitespace-nowrap text-white shadow-lg"
        >
          {label}
        </span>
      ) : null}
    </span>
  );
}
