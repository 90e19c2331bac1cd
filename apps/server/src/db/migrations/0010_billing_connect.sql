CREATE TABLE "billing_connect_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"onboarded" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_connect_accounts" ADD CONSTRAINT "billing_connect_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_connect_accounts_account_key" ON "billing_connect_accounts" USING btree ("account_id");