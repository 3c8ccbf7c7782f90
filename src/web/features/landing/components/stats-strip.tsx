const STATS = [
  { value: '< 5 s', caption: 'por fatura, do código QR ao registo guardado' },
  { value: 'QR + OCR', caption: 'lê o código da AT ou o texto da fotografia e do PDF' },
  { value: 'Sheets & Excel', caption: 'exporte as faturas para a sua folha de cálculo' },
  { value: 'RLS + encriptação', caption: 'cada conta vê só os seus dados, em ligações cifradas' },
] as const;

export function StatsStrip() {
  return (
    <section aria-label="A Papelada em números" className="bg-brand-900 px-4 py-10 sm:px-6">
      <dl className="mx-auto grid max-w-6xl grid-cols-1 gap-8 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat.value} className="text-center lg:text-left">
            <dt className="text-2xl font-bold text-white">{stat.value}</dt>
            <dd className="text-brand-100 mt-1 text-sm">{stat.caption}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
