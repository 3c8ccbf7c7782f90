import { Check, Minus } from 'lucide-react';

// The three roles the product has (#shared/permissions.ts, spec accounts §6), as a visitor
// would ask about them: one row per thing a person does, one column per role.
export const TEAM_ROLE_NAMES = ['Administrador', 'Gestor', 'Utilizador'] as const;

export const TEAM_ROLE_RIGHTS = [
  { right: 'Scanner e novas faturas', roles: [true, true, true] },
  { right: 'Ver todas as faturas', roles: [true, true, false] },
  { right: 'Resumo e CMV', roles: [true, true, false] },
  { right: 'Editar faturas e fornecedores', roles: [true, true, false] },
  { right: 'Apagar faturas e fornecedores', roles: [true, false, false] },
  { right: 'Definições, equipa e exportação', roles: [true, false, false] },
] as const;

export function TeamRolesTable() {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[20rem] border-collapse text-sm">
        <caption className="pb-2 text-left text-slate-600">O que cada função pode fazer</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <td />
            {TEAM_ROLE_NAMES.map((role) => (
              <th key={role} scope="col" className="px-2 py-2 font-semibold text-slate-900">
                {role}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TEAM_ROLE_RIGHTS.map(({ right, roles }) => (
            <tr key={right} className="border-b border-slate-100 last:border-b-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                {right}
              </th>
              {roles.map((allowed, index) => (
                <td key={TEAM_ROLE_NAMES[index]} className="px-2 py-2 text-center">
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
