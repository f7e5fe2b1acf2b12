/** The inbox's view (search, status, stage, owner, source, project, page) as its address holds it: read from and written to the query. */
import { MESSAGE_STATUSES, type MessageStatus } from '../../../shared/contact-inbox';
import { STAGES, type Stage } from '../../../shared/enquiry-pipeline';
import { isOneOf } from '../../../shared/narrow';

export interface View {
  q: string;
  status: MessageStatus | '';
  /** The pipeline's stage ('' for every stage) and owner (an account's id, 'none' for nobody, '' for everyone). */
  stage: Stage | '';
  owner: string;
  /** Where enquiries came from ('' for every source) and the project they are about ('' for all). */
  source: string;
  project: string;
  page: number;
}

export function viewOf(params: URLSearchParams): View {
  const status = params.get('status') ?? '';
  const stage = params.get('stage') ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    status: isOneOf(MESSAGE_STATUSES, status) ? status : '',
    stage: isOneOf(STAGES, stage) ? stage : '',
    owner: params.get('owner') ?? '',
    source: params.get('source') ?? '',
    project: params.get('project') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const viewParams = ({ q, status, stage, owner, source, project }: Omit<View, 'page'>) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (stage) params.set('stage', stage);
  if (owner) params.set('owner', owner);
  if (source) params.set('source', source);
  if (project) params.set('project', project);
  return params;
};
