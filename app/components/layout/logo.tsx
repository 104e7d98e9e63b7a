import { company } from "~/content/company";

/**
 * The wordmark: a label-shaped mark and the company name. `compact`: between the md and xl breakpoints
 * the header row needs the room, and the mark stands alone (the link around it carries the name).
 */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect x="2" y="6" width="36" height="28" rx="5" fill={inverted ? "#ffffff" : "#0f2a43"} />
        <circle cx="10" cy="20" r="3.5" fill="#f2a900" />
        <g fill={inverted ? "#0f2a43" : "#ffffff"}>
          <rect x="17" y="13" width="2" height="14" />
          <rect x="21" y="13" width="4" height="14" />
          <rect x="27" y="13" width="1.5" height="14" />
          <rect x="30.5" y="13" width="3" height="14" />
        </g>
      </svg>
      <span
        className={compact ? "flex flex-col leading-none md:max-xl:hidden" : "flex flex-col leading-none"}
      >
        <span className={inverted ? "text-lg font-extrabold text-white" : "text-lg font-extrabold text-navy"}>
          {company.shortName}
        </span>
        <span
          className={
            inverted
              ? "text-[0.7rem] font-semibold uppercase tracking-[0.14em] text-mist"
              : "text-[0.7rem] font-semibold uppercase tracking-[0.14em] text-steel"
          }
        >
          Industrial Supply
        </span>
      </span>
    </span>
  );
}
