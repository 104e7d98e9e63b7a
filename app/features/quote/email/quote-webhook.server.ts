import { routingOf } from "~/features/leads/intake/webhook-events.server";
import type { QuoteRoute } from "~/features/leads/routing/routing.server";
import type { QuoteServices } from "~/load-context";
import { FILE_LINK_LIFETIME_MS, fileLinkUrl } from "~/server/webhooks/file-links.server";
import { hasDetails, type QuoteInput } from "../quote";
import type { SkuFacts } from "../server/quote-skus.server";

/**
 * The `data` of a quote.created webhook (docs/webhooks.md#quotecreated): the request, its items, its
 * files as signed links that expire in 7 days (never the content), and where it was routed.
 * Attribution is added by queueLeadEvent.
 */
export function quoteEventData(
  deps: Pick<QuoteServices, "siteUrl" | "fileLinkSecret">,
  request: { reference: string; quote: QuoteInput; route: QuoteRoute; skus?: ReadonlyArray<SkuFacts | null> },
  files: ReadonlyArray<{ id: number; name: string; contentType: string; size: number }>,
  filesNotArrived: readonly string[],
  now: Date,
) {
  const { quote, route } = request;
  const { siteUrl, fileLinkSecret } = deps;
  return {
    reference: request.reference,
    lead: {
      kind: "quote",
      company: quote.company,
      name: quote.name,
      email: quote.email,
      phone: quote.phone,
      postalCode: quote.postalCode,
      neededBy: quote.neededBy,
      poReference: quote.poReference,
      foamDetails: hasDetails(quote.foam) ? quote.foam : null,
    },
    items: quote.items.map((item, index) => ({
      // The catalogue part number as posted, its page, and why sales should look twice (quote-skus.server.ts).
      sku: item.sku,
      skuUrl: request.skus?.[index]?.url ?? null,
      skuFlag: request.skus?.[index]?.flag ?? null,
      area: item.area,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      notes: item.notes,
      labelDetails: hasDetails(item.labels) ? item.labels : null,
    })),
    files: files.map((file) => ({
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      url: siteUrl && fileLinkSecret ? fileLinkUrl(siteUrl, fileLinkSecret, file, now) : null,
      expiresAt: new Date(now.getTime() + FILE_LINK_LIFETIME_MS).toISOString(),
    })),
    filesNotArrived: [...filesNotArrived],
    routing: routingOf(route),
  };
}
