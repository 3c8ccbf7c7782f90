import { MailCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { toast } from '#web/lib/toast.ts';

type FormState =
  { kind: 'idle'; error: string | null } | { kind: 'sending' } | { kind: 'sent'; email: string };

/**
 * The footer's newsletter box (spec invoice-work §3 shows it without its behaviour): a double
 * opt-in — the address gets a link to confirm, and nothing else until it is opened. The answer
 * is the same for any address, so the box never tells who subscribed. The browser's own e-mail
 * check (`type="email"`) validates here, and the request code loads on submit, so the landing
 * page's first load carries no schema or API library; the server checks the address again.
 */
export function NewsletterForm() {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FormState>({ kind: 'idle', error: null });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inputRef.current;
    const email = input?.value.trim() ?? '';
    // A domain without a dot passes the HTML check ("a@b"), but no mailbox lives there.
    if (!input?.validity.valid || !email || !/@[^@]+\.[^@.]+$/.test(email)) {
      const message = email ? 'Este e-mail não parece válido.' : 'Indique o seu e-mail.';
      setState({ kind: 'idle', error: message });
      void toast.error(message, { description: 'Por exemplo: nome@exemplo.pt', duration: 4000 });
      input?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const { subscribeNewsletter } = await import('../api/subscribe-newsletter.ts');
      await subscribeNewsletter(email);
      setState({ kind: 'sent', email });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Não foi possível subscrever.';
      setState({ kind: 'idle', error: message });
      void toast.error(message);
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  if (state.kind === 'sent') {
    return (
      <div role="status" className="w-full max-w-sm">
        <p className="flex items-center gap-2 text-sm font-semibold text-white">
          <MailCheck className="size-5 text-emerald-300" aria-hidden />
          Verifique o seu e-mail
        </p>
        <p className="mt-1 text-sm break-words text-slate-300">
          Enviámos uma mensagem para {state.email}. Abra o link que lá está para confirmar a
          subscrição; sem confirmação não lhe enviamos nada.
        </p>
      </div>
    );
  }

  const error = state.kind === 'idle' ? state.error : null;
  const isSending = state.kind === 'sending';
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate className="w-full max-w-sm">
      <label htmlFor={inputId} className="text-sm font-semibold text-white">
        Novidades da Papelada
      </label>
      <p className="mt-1 text-sm text-slate-300">
        Dicas sobre faturas, IVA e pagamentos, e as novidades do produto. No máximo um email por
        mês; pode sair quando quiser.
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
          readOnly={isSending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => error && setState({ kind: 'idle', error: null })}
        />
        <button
          type="submit"
          disabled={isSending}
          className={buttonVariants({ variant: 'secondary' })}
        >
          {isSending ? 'A subscrever…' : 'Subscrever'}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
