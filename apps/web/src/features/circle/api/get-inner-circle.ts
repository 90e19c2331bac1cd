import { queryOptions, useQuery } from '@tanstack/react-query';
import * as circle from '@tightlines/core/api/circle';
import { call } from '../../../lib/api';
import { circleKey } from './circle-keys';

export const innerCircleQueryOptions = () => queryOptions({ queryKey: [...circleKey, 'members'], queryFn: () => call(circle.innerCircle) });
export const useInnerCircle = () => useQuery(innerCircleQueryOptions());
