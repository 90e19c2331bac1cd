CREATE TABLE "usage_counters" (
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_subject_kind_day_pk" PRIMARY KEY("subject","kind","day")
);
