import { Check, Minus } from 'lucide-react';

const PERMISSIONS = ['Ler', 'Escrever', 'Apagar', 'Exportar'] as const;

// Default rights per role; the administrator adjusts them for each expense category.
const ROLES = [
  { role: 'Admin', rights: [true, true, true, true] },
  { role: 'Contabilista', rights: [true, true, false, true] },
  { role: 'Visualizador', rights: [true, false, false, false] },
] as const;

export function TeamRolesTable() {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[22rem] border-collapse text-sm">
        <caption className="pb-2 text-left text-slate-600">
          Permissões por omissão em cada categoria de despesa
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3 text-left font-semibold text-slate-900">
              Função
            </th>
            {PERMISSIONS.map((permission) => (
              <th key={permission} scope="col" className="px-2 py-2 font-semibold text-slate-900">
                {permission}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROLES.map(({ role, rights }) => (
            <tr key={role} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                {role}
              </th>
              {rights.map((allowed, index) => (
                <td key={PERMISSIONS[index]} className="px-2 py-2 text-center">
                  {allowed ? (
                    <Check className="text-brand-700 mx-auto size-4" aria-label="Sim" />
                  ) : (
                    <Minus className="mx-auto size-4 text-slate-400" aria-label="Não" />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
