import {
  Boxes,
  ClipboardCheck,
  Clock,
  Factory,
  Handshake,
  Headset,
  Layers,
  Lightbulb,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  Target,
  Truck,
  Users,
  Wrench,
} from "lucide-react";
import type { IconName } from "~/content/schema";

const icons: Record<IconName, LucideIcon> = {
  Boxes,
  ClipboardCheck,
  Clock,
  Factory,
  Handshake,
  Headset,
  Layers,
  Lightbulb,
  MapPin,
  ShieldCheck,
  Target,
  Truck,
  Users,
  Wrench,
};

/** The icon a content entry names; always decorative, the text beside it carries the meaning. */
export function ContentIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
