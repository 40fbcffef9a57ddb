"use client";
// A form sent through onSubmit, never a form action: React resets a form after its action, even
// when the request was refused, and what was typed went with the error. `onSend` gets the form
// (to read its FormData) and clears what it wants itself, once the request succeeded.
import type { ComponentProps } from "react";

type Props = Omit<ComponentProps<"form">, "onSubmit" | "action"> & { onSend: (form: HTMLFormElement) => unknown };

export function KeptForm({ onSend, ...props }: Props) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        void onSend(e.currentTarget);
      }}
    />
  );
}
