import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** A link that loads its page: the prerendered pages' islands run without the app's router. */
function PageLoadLink({ to, ...rest }: LinkProps) {
  return <a href={to} {...rest} />;
}

/** The link component of the forms shared by the app and the islands: the app provides its router's. */
export const LinkComponent = createContext<(props: LinkProps) => ReactNode>(PageLoadLink);

export const useLink = () => useContext(LinkComponent);
