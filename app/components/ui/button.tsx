import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-offset-2 focus-visible:ring-focus disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-amber text-navy hover:bg-amber-dark",
        secondary: "bg-navy text-white hover:bg-steel",
        outline: "border-2 border-navy bg-white text-navy hover:bg-mist",
        "outline-light": "border-2 border-white text-white hover:bg-white hover:text-navy",
        ghost: "text-navy hover:bg-mist",
        link: "text-steel underline underline-offset-4 hover:text-navy",
      },
      size: {
        sm: "px-3 text-sm",
        md: "px-5 text-base",
        lg: "px-6 text-lg",
        icon: "size-11",
      },
      /**
       * A long label wraps (and the button grows) rather than widening the page on a narrow screen.
       * Its own variant, not a caller's class: two classes setting one property do not override
       * each other by their order in `class`, so `whitespace-normal` beside `whitespace-nowrap` lost.
       */
      wrap: {
        false: "whitespace-nowrap",
        true: "py-2.5 whitespace-normal",
      },
    },
    compoundVariants: [
      { wrap: false, size: "sm", class: "h-9" },
      { wrap: false, size: "md", class: "h-11" },
      { wrap: false, size: "lg", class: "h-12" },
      { wrap: true, size: "sm", class: "min-h-9" },
      { wrap: true, size: "md", class: "min-h-11" },
      { wrap: true, size: "lg", class: "min-h-12" },
    ],
    defaultVariants: { variant: "primary", size: "md", wrap: false },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link) with the button's look. */
    asChild?: boolean;
  };

/** How a link drawn as a button looks: what a component that renders one passes on to `Button`. */
export type ButtonLook = Pick<ButtonProps, "variant" | "size" | "wrap" | "className">;

export function Button({ className, variant, size, wrap, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size, wrap }), className)} {...props} />;
}
