/** The inbox's view (search, status, page) as its address holds it: read from and written to the query. */
import { MESSAGE_STATUSES, type MessageStatus } from '../../../shared/contact-inbox';

export interface View {
  q: string;
  status: MessageStatus | '';
  /** Where enquiries came from ('' for every source) and the project they are about ('' for all). */
  source: string;
  project: string;
  page: number;
}

export function viewOf(params: URLSearchParams): View {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: (MESSAGE_STATUSES as readonly string[]).includes(status) ? (status as MessageStatus) : '',
    source: params.get('source') ?? '',
    project: params.get('project') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const viewParams = ({ q, status, source, project }: Omit<View, 'page'>) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (source) params.set('source', source);
  if (project) params.set('project', project);
  return params;
};
