CREATE TABLE "ambassador_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"state" text NOT NULL,
	"age" integer NOT NULL,
	"occupation" text NOT NULL,
	"answers" jsonb NOT NULL,
	"list_in_directory" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assistant_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ambassador_applications_status_idx" ON "ambassador_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "ambassador_applications_email_idx" ON "ambassador_applications" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_tokens_token_hash_key" ON "assistant_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "assistant_tokens_user_idx" ON "assistant_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_user_idx" ON "newsletter_subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_key" ON "newsletter_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_key" ON "newsletter_subscribers" USING btree ("confirm_token_hash");