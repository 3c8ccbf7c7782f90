// Tiny on purpose: these live in the entry chunk (no icons, no class merging).

export { SPINNER_DELAY_MS } from '#web/lib/use-has-elapsed.ts';

function StatusScreen({ text }: { text: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50" role="status">
      <p className="flex items-center gap-3 text-slate-700">
        <span
          className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
          aria-hidden
        />
        {text}
      </p>
    </div>
  );
}

/** Router-wide pending view, after the router's default 1 s delay (spec accounts §9 text). */
export function LoadingPage() {
  return <StatusScreen text="A carregar dados..." />;
}

/** Shown while a protected route asks the server for the session (spec accounts §2). */
export function AuthPendingPage() {
  return <StatusScreen text="Verificando autenticação..." />;
}

/** Shown when a page throws while rendering or loading, instead of the router's English one. */
export function ErrorPage() {
  return (
    <main
      id="conteudo"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">Erro inesperado</h1>
      <p className="max-w-md text-slate-600">
        Algo correu mal ao mostrar esta página. Tente recarregá-la; se o problema continuar, volte
        ao início.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="bg-brand-700 hover:bg-brand-800 h-10 rounded-lg px-4 text-sm font-semibold text-white"
        >
          Recarregar a página
        </button>
        <a
          href="/home"
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
        >
          Voltar ao início
        </a>
      </div>
    </main>
  );
}
