// Class names the shadcn way: conditional parts (clsx), later Tailwind utilities win (tailwind-merge).
import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export const cn = (...parts: ClassValue[]) => twMerge(clsx(parts));
