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
}

/**
 * One of the site's illustrations as a `<picture>`: AVIF first, WebP for browsers without AVIF. The
 * intrinsic width/height are always set so the browser reserves the box before the file arrives.
 */
export function ResponsiveImage({ name, sizes, priority = false, className, alt }: ResponsiveImageProps) {
  const image = images[name];
  const webpSrcSet = imageSrcSet(name, "webp");
  return (
    <picture>
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
