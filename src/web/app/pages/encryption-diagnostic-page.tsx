import { CircleCheck, CircleMinus, CircleX, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PublicHeader } from '#web/components/layout/public-header.tsx';
import {
  browserChecks,
  serverChecks,
  webCryptoRoundTrip,
  type CheckOutcome,
  type SecurityCheck,
} from '#web/features/diagnostics/security-checks.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import type { EncryptionDiagnosticDto } from '#shared/encryption-diagnostic.ts';

type State =
  { status: 'loading' } | { status: 'done'; checks: SecurityCheck[]; serverReached: boolean };

const OUTCOME = {
  pass: { Icon: CircleCheck, className: 'text-brand-700', label: 'Passou' },
  fail: { Icon: CircleX, className: 'text-red-600', label: 'Falhou' },
  skip: { Icon: CircleMinus, className: 'text-slate-400', label: 'Não aplicável' },
} satisfies Record<CheckOutcome, unknown>;

async function runChecks(): Promise<State> {
  const facts = {
    isSecureContext: window.isSecureContext,
    protocol: window.location.protocol,
    webCryptoRoundTrip: await webCryptoRoundTrip(),
    readableCookies: document.cookie,
  };
  const checks = browserChecks(facts);
  try {
    const res = await fetch('/api/diagnostics/encryption', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(String(res.status));
    const answer = (await res.json()) as EncryptionDiagnosticDto;
    return {
      status: 'done',
      checks: [...checks, ...serverChecks(answer, res.headers, facts)],
      serverReached: true,
    };
  } catch {
    return { status: 'done', checks, serverReached: false };
  }
}

/** /encryption-diagnostic (public): what protects this browser's session and the data at rest. */
export function EncryptionDiagnosticPage() {
  useDocumentTitle('Diagnóstico de segurança');
  const [state, setState] = useState<State>({ status: 'loading' });
  const run = useCallback(() => {
    setState({ status: 'loading' });
    void runChecks().then(setState);
  }, []);
  // The first run: the state starts as 'loading', so only the answer sets it.
  useEffect(() => {
    let current = true;
    void runChecks().then((done) => current && setState(done));
    return () => {
      current = false;
    };
  }, []);

  const failed =
    state.status === 'done' ? state.checks.filter((c) => c.outcome === 'fail').length : 0;
  return (
    <div className="min-h-dvh bg-slate-50">
      <PublicHeader width="max-w-2xl" className="bg-white" />
      <main id="conteudo" tabIndex={-1} className="px-4 py-8 focus:outline-none sm:px-6 md:py-12">
        <div className="mx-auto max-w-2xl">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Diagnóstico de segurança
          </h1>
          <p className="mt-2 text-slate-600">
            Verifica, neste navegador e no nosso servidor, o que protege a sua sessão e os dados que
            guardamos encriptados (NIF de pessoas e emails de fornecedores). Nenhum dado da sua
            conta é enviado ou mostrado.
          </p>

          <div aria-live="polite" className="mt-6">
            {state.status === 'loading' ? (
              <p className="flex items-center gap-2 rounded-2xl bg-white p-5 text-slate-700 shadow-sm">
                <RotateCw className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />A
                verificar…
              </p>
            ) : (
              <>
                <p
                  className={`rounded-2xl p-4 font-medium ${failed === 0 && state.serverReached ? 'bg-brand-50 text-brand-900' : 'bg-red-50 text-red-900'}`}
                >
                  {!state.serverReached
                    ? 'Não foi possível contactar o servidor. Verifique a ligação à internet e repita o diagnóstico.'
                    : failed === 0
                      ? 'Tudo em ordem: todas as verificações aplicáveis passaram.'
                      : failed === 1
                        ? '1 verificação falhou. Veja o detalhe abaixo.'
                        : `${failed} verificações falharam. Veja o detalhe abaixo.`}
                </p>
                <ul className="mt-4 divide-y divide-slate-100 rounded-2xl bg-white shadow-sm">
                  {state.checks.map((check) => {
                    const { Icon, className, label } = OUTCOME[check.outcome];
                    return (
                      <li
                        key={check.id}
                        className="flex gap-3 p-4"
                        data-check={check.id}
                        data-outcome={check.outcome}
                      >
                        <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden />
                        <div className="min-w-0">
                          <p className="font-medium text-slate-900">
                            {check.label}
                            <span className="sr-only">: {label}</span>
                          </p>
                          <p className="mt-0.5 text-sm break-words text-slate-600">
                            {check.detail}
                          </p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </div>

          <button
            type="button"
            onClick={run}
            disabled={state.status === 'loading'}
            className="bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-700 mt-6 inline-flex min-h-11 items-center gap-2 rounded-xl px-4 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
          >
            <RotateCw className="size-4" aria-hidden />
            Repetir diagnóstico
          </button>
        </div>
      </main>
    </div>
  );
}
