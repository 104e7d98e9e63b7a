import { fallbackWidth, type ImageName, imageSrc, imageSrcSet, images } from "~/content/images";

export interface ResponsiveImageProps {
  name: ImageName;
  /** The `sizes` attribute: how wide the image is laid out, so the browser picks the right file. */
  sizes: string;
  /** For the LCP image (usually a hero): load eagerly with high fetch priority. */
  priority?: boolean;
  className?: string;
  /** Overrides the registry's alt text; pass "" when the image is purely decorative. */
  alt?: string;
  /**
   * A media condition under which the image is not shown and no file is fetched: a blank pixel
   * (inline, no request) stands in for the files there. The caller hides the image there too.
   */
  skipWhen?: string;
}

/** A transparent 1×1 GIF, written into the page: what `skipWhen` serves instead of a file. */
const BLANK_PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

/**
 * One of the site's illustrations as a `<picture>`: AVIF first, WebP for browsers without AVIF. The
 * intrinsic width/height are always set so the browser reserves the box before the file arrives.
 */
export function ResponsiveImage({
  name,
  sizes,
  priority = false,
  className,
  alt,
  skipWhen,
}: ResponsiveImageProps) {
  const image = images[name];
  const webpSrcSet = imageSrcSet(name, "webp");
  return (
    <picture>
      {/* Described as 1 px wide and laid out at 1 px: the one candidate, in the checkers' srcset syntax. */}
      {skipWhen ? <source media={skipWhen} srcSet={`${BLANK_PIXEL} 1w`} sizes="1px" /> : null}
      <source type="image/avif" srcSet={imageSrcSet(name, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />
      <img
        src={imageSrc(name, fallbackWidth(name), "webp")}
        srcSet={webpSrcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
