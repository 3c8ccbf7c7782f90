-- Issue 20 point 7: the help chat. One conversation per person acting in an account (its
-- conversation_key), the person's messages and the operator's answers (admin CLI support-reply).
CREATE TABLE "support_messages" (
	"account_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"conversation_key" text NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"user_id" text,
	"author_name" text,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_messages_direction_check" CHECK ("support_messages"."direction" in ('user', 'support')),
	CONSTRAINT "support_messages_author_check" CHECK (("support_messages"."direction" = 'user') = ("support_messages"."author_name" is not null))
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("account_id","conversation_key","created_at","id");--> statement-breakpoint
CREATE INDEX "support_messages_waiting_idx" ON "support_messages" USING btree ("created_at") WHERE "support_messages"."direction" = 'user' and "support_messages"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "support_messages_id_idx" ON "support_messages" USING btree ("id");--> statement-breakpoint
-- The conversations are the account's: walled like every account-owned table (migration 0018).
SELECT public.papelada_enable_account_rls('public.support_messages');
