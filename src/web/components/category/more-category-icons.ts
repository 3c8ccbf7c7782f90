// The icons only custom categories use, loaded apart (category-icons.ts) so the dashboard's
// first load carries just the built-in categories' ones. Each imported by name: tree-shaken.
import {
  Book,
  Briefcase,
  Coffee,
  Droplet,
  Dumbbell,
  Fuel,
  Gift,
  PawPrint,
  Phone,
  PiggyBank,
  Pill,
  Plane,
  Shirt,
  Wifi,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { BuiltInCategoryIcon, CustomCategoryIcon } from '#shared/categories.ts';

/** Every icon of the custom set that category-icons.ts does not always carry. */
type MoreIcon = Exclude<CustomCategoryIcon, BuiltInCategoryIcon | 'tag'>;

export const MORE_CATEGORY_ICONS = {
  book: Book,
  briefcase: Briefcase,
  coffee: Coffee,
  droplet: Droplet,
  dumbbell: Dumbbell,
  fuel: Fuel,
  gift: Gift,
  'paw-print': PawPrint,
  phone: Phone,
  'piggy-bank': PiggyBank,
  pill: Pill,
  plane: Plane,
  shirt: Shirt,
  wifi: Wifi,
  wrench: Wrench,
  zap: Zap,
} as const satisfies Record<MoreIcon, LucideIcon>;
