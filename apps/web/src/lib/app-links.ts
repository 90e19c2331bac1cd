import { queryOptions, useQuery } from '@tanstack/react-query';
import * as util from '@tightlines/core/api/util';
import { call } from './api';

export const getAppLinks = () => call(util.appLinks);
export const appLinksQueryOptions = () => queryOptions({ queryKey: ['app-links'], queryFn: getAppLinks, staleTime: Infinity });
export const useAppLinks = () => useQuery(appLinksQueryOptions());
