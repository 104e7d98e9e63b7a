import { Icon } from "~/components/icons/icon";
import type { ProductItem } from "~/content/schema";

export function ProductCard({ item, benefitsLabel }: { item: ProductItem; benefitsLabel: string }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-mist">
      <h3 className="text-lg font-bold text-navy">{item.name}</h3>
      <p className="leading-relaxed text-slate-700">{item.description}</p>
      {item.benefits ? (
        <div className="flex flex-col gap-2 border-t border-mist pt-4">
          <p className="text-sm font-bold uppercase tracking-[0.12em] text-steel">{benefitsLabel}</p>
          <ul className="flex flex-col gap-2">
            {item.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-2 text-slate-700">
                <Icon name="Check" className="mt-1 size-4 shrink-0 text-steel" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
