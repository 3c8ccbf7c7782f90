import { Toaster } from 'sonner';

// Spec accounts §9: one toast shows at a time; durations are chosen per toast (4–6 s).
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      richColors
      closeButton
      duration={5000}
      containerAriaLabel="Notificações"
      style={{ fontFamily: 'var(--font-sans)' }}
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
    />
  );
}
