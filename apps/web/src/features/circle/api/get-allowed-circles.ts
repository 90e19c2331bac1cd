import { queryOptions, useQuery } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import { call } from '../../../lib/api';
import { circleKey } from './circle-keys';

export const allowedCirclesQueryOptions = () => queryOptions({ queryKey: [...circleKey, 'allowed'], queryFn: () => call(circle.allowedCircles) });
export const useAllowedCircles = () => useQuery(allowedCirclesQueryOptions());
