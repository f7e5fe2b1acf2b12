/** The inbox's view (search, status, stage, owner, source, project, page) as its address holds it: read from and written to the query. */
import { MESSAGE_STATUSES, type MessageStatus } from '../../../shared/contact-inbox';
import { STAGES, type Stage } from '../../../shared/enquiry-pipeline';
import { queryReader, viewQuery } from './list-query';

export type View = {
  q: string;
  status: MessageStatus | '';
  /** The pipeline's stage ('' for every stage) and owner (an account's id, 'none' for nobody, '' for everyone). */
  stage: Stage | '';
  owner: string;
  /** Where enquiries came from ('' for every source) and the project they are about ('' for all). */
  source: string;
  project: string;
  page: number;
};

export function viewOf(params: URLSearchParams): View {
  const read = queryReader(params);
  return {
    q: read.q,
    status: read.choice('status', MESSAGE_STATUSES, ''),
    stage: read.choice('stage', STAGES, ''),
    owner: read.text('owner'),
    source: read.text('source'),
    project: read.text('project'),
    page: read.page,
  };
}

/** The query of a view; the page only when it is past the first. */
export const viewParams = (view: View) => viewQuery(view);

/** The board's view of the inbox's: its filters but the search, status, stage and page (the columns are the stages). */
export const boardParams = (view: View) => viewParams({ ...view, q: '', status: '', stage: '', page: 1 });
