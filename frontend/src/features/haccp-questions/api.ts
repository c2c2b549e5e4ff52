import type { SWRResponse } from 'swr';
import { questionTemplatePageSchema, questionTemplateSchema, type QuestionInput, type QuestionTemplate } from '@domain/haccp/question';
import { apiFetch, apiFetchAs } from '../../api/apiFetch';
import type { ApiError } from '../../api/ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList, type PageProgress } from '../../api/pagedList';

/** The Question List's API (issue 15 section 1): the organisation's reusable questions. */

export const QUESTION_TEMPLATES_KEY = 'questions';
const questionPath = (id: string) => `/questions/${encodeURIComponent(id)}`;
const listAll = (onPage?: PageProgress<QuestionTemplate>) => fetchAllPages({ schema: questionTemplatePageSchema, path: '/questions' }, onPage);

export const useQuestionTemplateList = (): PagedList<QuestionTemplate> => usePagedList(QUESTION_TEMPLATES_KEY, listAll);
export const useQuestionTemplates = (): SWRResponse<QuestionTemplate[], ApiError> => useAllPages(QUESTION_TEMPLATES_KEY, listAll);
export const createQuestionTemplate = (input: QuestionInput) => apiFetchAs(questionTemplateSchema, '/questions', { method: 'POST', body: input });
export const updateQuestionTemplate = (id: string, input: QuestionInput) => apiFetchAs(questionTemplateSchema, questionPath(id), { method: 'PUT', body: input });
export const deleteQuestionTemplate = (id: string) => apiFetch(questionPath(id), { method: 'DELETE' });
