import { AlertCircle, LifeBuoy, Send } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  SUPPORT_MESSAGE_MAX,
  supportMessageBodySchema,
  type SupportMessageDto,
  type SupportMessageInput,
} from '#shared/schemas/support.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent } from '#web/components/ui/sheet.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { useSupportMessages } from '../api/get-support-messages.ts';
import { useSendSupportMessage } from '../api/send-support-message.ts';
import { SUPPORT_CHAT_MESSAGES as M } from '../messages.ts';
import { formatMessageTime } from '../message-time.ts';

/** A mouse or trackpad: Enter sends there; on a touch screen it starts a new line. */
const FINE_POINTER = '(pointer: fine)';

export type SupportChatPanelProps = {
  onClose: () => void;
  /** What is typed, kept by the page: closing the panel, or a failed send, loses none of it. */
  draft: string;
  onDraftChange: (draft: string) => void;
};

/**
 * The help chat (issue 20 point 7): the acting person's conversation with support, over the
 * page as a side panel (the whole screen on a phone). Support's answers appear as they come:
 * live updates refresh the conversation on 'support.changed'.
 */
export function SupportChatPanel({ onClose, draft, onDraftChange }: SupportChatPanelProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const isFinePointer = useMediaQuery(FINE_POINTER);
  return (
    <Sheet open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <SheetContent
        title={M.title}
        description={M.description}
        closeLabel={M.close}
        side="right"
        data-testid="support-chat"
        className="w-full gap-3 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:w-[26rem] sm:p-5"
        // A phone would pop its keyboard over the conversation: there the panel itself takes
        // the focus; with a mouse, the message field does.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (isFinePointer) textareaRef.current?.focus();
          else if (event.target instanceof HTMLElement) event.target.focus();
        }}
      >
        <Conversation />
        <Composer
          draft={draft}
          onDraftChange={onDraftChange}
          textareaRef={textareaRef}
          isFinePointer={isFinePointer}
        />
      </SheetContent>
    </Sheet>
  );
}

function Conversation() {
  const query = useSupportMessages();
  const listRef = useRef<HTMLOListElement>(null);
  const items = query.data;
  const lastId = items?.at(-1)?.id;
  // The newest message in view: on opening, after sending, when support answers.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId]);

  const area = 'flex min-h-0 flex-1 flex-col';
  if (query.isPending) {
    return (
      <div className={cn(area, 'items-center justify-center')}>
        <p role="status" className="flex items-center gap-3 text-slate-700">
          <span
            className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
            aria-hidden
          />
          {M.loading}
        </p>
      </div>
    );
  }
  if (!items) {
    return (
      <div className={cn(area, 'items-center justify-center gap-3 px-2 text-center')}>
        <AlertCircle className="size-8 text-red-600" aria-hidden />
        <p role="alert" className="text-slate-800">
          {query.error?.message ?? M.loadFailed}
        </p>
        <Button
          type="button"
          variant="outline"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {M.retry}
        </Button>
      </div>
    );
  }
  const isEmpty = items.length === 0;
  return (
    <div className={area}>
      {isEmpty ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 text-center">
          <span className="bg-brand-50 text-brand-700 flex size-14 items-center justify-center rounded-full">
            <LifeBuoy className="size-7" aria-hidden />
          </span>
          <p className="font-semibold text-slate-900">{M.emptyTitle}</p>
          <p className="text-sm text-slate-600">{M.emptyText}</p>
        </div>
      ) : null}
      {/* There from the start, empty or not, so the first message is read out too (role log);
          scrolled by keyboard as well once it holds messages. */}
      <ol
        ref={listRef}
        role="log"
        aria-label={M.conversation}
        tabIndex={isEmpty ? undefined : 0}
        className={cn(
          'focus-visible:ring-brand-500/60 -mx-1 flex min-h-0 flex-col gap-3 overflow-y-auto rounded-lg px-1 focus-visible:ring-3 focus-visible:outline-none',
          isEmpty ? 'sr-only' : 'flex-1 py-2',
        )}
      >
        {items.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </ol>
    </div>
  );
}

function MessageBubble({ message }: { message: SupportMessageDto }) {
  const isOwn = message.direction === 'user';
  return (
    <li
      data-direction={message.direction}
      className={cn(
        'flex max-w-[85%] flex-col gap-1',
        isOwn ? 'items-end self-end' : 'items-start self-start',
      )}
    >
      <p className="text-xs text-slate-500">
        <span className="font-semibold text-slate-700">{isOwn ? M.you : M.support}</span>
        {' · '}
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
      </p>
      <p
        className={cn(
          'rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap',
          isOwn
            ? 'bg-brand-700 rounded-br-md text-white'
            : 'rounded-bl-md bg-slate-100 text-slate-900',
        )}
      >
        {message.body}
      </p>
    </li>
  );
}

type ComposerProps = {
  draft: string;
  onDraftChange: (draft: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  isFinePointer: boolean;
};

function Composer({ draft, onDraftChange, textareaRef, isFinePointer }: ComposerProps) {
  const send = useSendSupportMessage();
  const [error, setError] = useState<string | null>(null);
  // A text sent again unchanged after a failure is the same submission (its Idempotency-Key):
  // if the first did arrive, it is not stored twice.
  const failed = useRef<SupportMessageInput | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const isSending = send.isPending;
  const isNearLimit = draft.length > SUPPORT_MESSAGE_MAX * 0.8;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isSending) return;
    const checked = supportMessageBodySchema.safeParse(draft);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? M.sendFailed);
      textareaRef.current?.focus();
      return;
    }
    const input = failed.current?.body === draft ? failed.current : { body: draft };
    setError(null);
    send.mutate(input, {
      onSuccess: () => {
        failed.current = null;
        onDraftChange('');
        textareaRef.current?.focus();
      },
      onError: (cause) => {
        failed.current = input;
        setError(cause.message || M.sendFailed);
        textareaRef.current?.focus();
      },
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      isFinePointer &&
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.altKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      submit();
    }
  }

  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <label htmlFor={fieldId} className="sr-only">
        {M.field}
      </label>
      <textarea
        id={fieldId}
        ref={textareaRef}
        value={draft}
        onChange={(event) => {
          onDraftChange(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        readOnly={isSending}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={3}
        placeholder={M.placeholder}
        className="focus-visible:border-brand-600 focus-visible:ring-brand-500/40 max-h-40 min-h-20 w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 read-only:bg-slate-50 read-only:text-slate-600 focus-visible:ring-3 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
      />
      {error ? (
        <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-slate-500">
          {isNearLimit
            ? M.characters(draft.length, SUPPORT_MESSAGE_MAX)
            : isFinePointer
              ? M.keyboardHint
              : ''}
        </p>
        <Button type="submit" disabled={isSending} aria-busy={isSending || undefined}>
          <Send aria-hidden />
          {isSending ? M.sending : M.send}
        </Button>
      </div>
    </form>
  );
}
