import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * The spec shows the box but not what it does, and there is no newsletter service yet:
 * validate the address and say plainly that nothing was sent or stored. The browser's own
 * e-mail check (`type="email"`) does the validation, so no schema library loads here.
 */
export function NewsletterForm() {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = inputRef.current;
    const email = input?.value.trim() ?? '';
    // A domain without a dot passes the HTML check ("a@b"), but no mailbox lives there.
    if (!input?.validity.valid || !email || !/@[^@]+\.[^@.]+$/.test(email)) {
      const message = email ? 'Este e-mail não parece válido.' : 'Indique o seu e-mail.';
      setError(message);
      void toast.error(message, { description: 'Por exemplo: nome@exemplo.pt', duration: 4000 });
      input?.focus();
      return;
    }
    setError(null);
    form.reset();
    void toast.info('A newsletter ainda não arrancou', {
      description: 'Não guardámos o seu e-mail. Quando arrancar, poderá subscrevê-la aqui.',
      duration: 6000,
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="w-full max-w-sm">
      <label htmlFor={inputId} className="text-sm font-semibold text-white">
        Novidades da Papelada
      </label>
      <p className="mt-1 text-sm text-slate-300">
        Em preparação: dicas sobre faturas e novidades do produto.
      </p>
      <div className="mt-3 flex flex-col gap-2 min-[400px]:flex-row">
        <input
          className={inputClassName}
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="nome@exemplo.pt"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => setError(null)}
        />
        <button type="submit" className={buttonVariants({ variant: 'secondary' })}>
          Subscrever
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
