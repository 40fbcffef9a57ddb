// The look of an item in a Radix dropdown menu (row actions, the editor's "More actions").
export const MENU_ITEM =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-40 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";
