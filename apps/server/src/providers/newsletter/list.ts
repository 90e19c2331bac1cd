/** An outside mailing-list service the newsletter list is copied to; our own table stays the truth. */
export interface NewsletterList {
  subscribe(email: string): Promise<void>;
  unsubscribe(email: string): Promise<void>;
}
