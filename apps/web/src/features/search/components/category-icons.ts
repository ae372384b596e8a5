import type { CategoryId } from '@locals/contracts/categories';
import {
  Accessibility,
  Brain,
  Bus,
  Coffee,
  Dumbbell,
  GraduationCap,
  HandHeart,
  HeartHandshake,
  House,
  Puzzle,
  Stethoscope,
  Utensils,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export const CATEGORY_ICONS: Record<CategoryId, LucideIcon> = {
  socialcare: HeartHandshake,
  sport: Dumbbell,
  health: Stethoscope,
  accessibility: Accessibility,
  food: Utensils,
  skillsdevelopment: GraduationCap,
  volunteering: HandHeart,
  housing: House,
  transport: Bus,
  mentalhealth: Brain,
  neurodiversity: Puzzle,
  welcomespaces: Coffee,
};
