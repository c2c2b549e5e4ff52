import type { SWRResponse } from 'swr';
import { QUESTION_TEMPLATE_ROUTES } from '@domain/api/questions';
import type { QuestionInput, QuestionTemplate } from '@domain/haccp/question';
import type { ApiError } from '../../../api/ApiError';
import { call, pages } from '../../../api/client';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from '../../../api/pagedList';

/** The Question List's API (issue 15 section 1): the organisation's reusable questions. */

export const QUESTION_TEMPLATES_KEY = 'questions';
const listAll = (onPage?: PageProgress<QuestionTemplate>) => fetchAllPages(pages(QUESTION_TEMPLATE_ROUTES.list), onPage);

export const useQuestionTemplateList = (): PagedList<QuestionTemplate> => usePagedList(QUESTION_TEMPLATES_KEY, listAll);
export const useQuestionTemplates = (): SWRResponse<QuestionTemplate[], ApiError> => useAllPages(QUESTION_TEMPLATES_KEY, listAll);
export const createQuestionTemplate = (input: QuestionInput) => call(QUESTION_TEMPLATE_ROUTES.create, { body: input });
export const updateQuestionTemplate = (id: string, input: QuestionInput) => call(QUESTION_TEMPLATE_ROUTES.update, { params: { id }, body: input });
export const deleteQuestionTemplate = (id: string) => call(QUESTION_TEMPLATE_ROUTES.remove, { params: { id } });
