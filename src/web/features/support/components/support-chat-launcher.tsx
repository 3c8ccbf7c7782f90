import { MessageCircle } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { SUPPORT_CHAT_MESSAGES as M } from '../messages.ts';

/** 'Falar com o suporte' under the help centre's topics and articles: opens the help chat. */
export function SupportChatLauncher({ onOpen }: { onOpen: () => void }) {
  return (
    <section
      aria-labelledby="falar-com-suporte"
      className="border-brand-100 bg-brand-50/60 flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id="falar-com-suporte" className="font-semibold text-slate-900">
          {M.launcherTitle}
        </h2>
        <p className="text-sm text-slate-700">{M.launcherText}</p>
      </div>
      <Button type="button" onClick={onOpen} className="self-start sm:self-center">
        <MessageCircle aria-hidden />
        {M.open}
      </Button>
    </section>
  );
}
