import { useMemo, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useInstance, type AnswerBody, type FillQuestion } from '../../../api/haccp';
import { useErrorText } from '../../../components/useErrorText';
import { useFormatters } from '../../../i18n/formatters';
import { enqueue } from './answerQueue';
import { canSubmit, isAnswered, shownAnswers } from './answerRules';
import { HaccpAccess } from './HaccpAccess';
import { PendingAnswersBadge } from './PendingAnswersBadge';
import { QuestionCard, type QuestionContext } from './QuestionCard';
import { StateChip } from './StateChip';
import { isOpen } from './todayOrder';
import { windowText } from './windowText';
import { useAnswerQueue } from './useAnswerQueue';

type Mode = 'one' | 'all';
const MODE_STORAGE_KEY = 'haccpFillMode';

function storedMode(): Mode {
  try {
    return window.localStorage.getItem(MODE_STORAGE_KEY) === 'all' ? 'all' : 'one';
  } catch {
    return 'one';
  }
}

const TOUCH = 48;

/**
 * Filling a checklist (issue 15 section 2) on a tablet or phone: one question at a time or the
 * whole list. Every answer and the submission go through the device's queue (answerQueue.ts),
 * so the page goes on working when the connection drops.
 */
function FillPageContent() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const format = useFormatters();
  const navigate = useNavigate();
  const { instanceId = '' } = useParams();
  const instance = useInstance(instanceId === '' ? undefined : instanceId);
  const queue = useAnswerQueue();
  const [mode, setMode] = useState<Mode>(storedMode);
  const [index, setIndex] = useState(0);
  const [saveError, setSaveError] = useState<string | undefined>();

  const detail = instance.data;
  const answers = useMemo(() => shownAnswers(instanceId, detail?.answers ?? [], queue), [instanceId, detail?.answers, queue]);
  const submissionQueued = queue.some((item) => item.kind === 'submit' && item.instanceId === instanceId && item.rejection === undefined);
  const submissionRefused = queue.find((item) => item.kind === 'submit' && item.instanceId === instanceId && item.rejection !== undefined);

  if (detail === undefined) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        {instance.error === undefined ? <CircularProgress aria-label={t('haccpFilling.loading')} /> : <Alert severity="error">{errorText(instance.error)}</Alert>}
      </Box>
    );
  }

  const { checklist } = detail;
  const questions = checklist.questions;
  const readOnly = !isOpen(detail.state) || submissionQueued;
  const context: QuestionContext = {
    correctiveActions: detail.correctiveActions,
    informationItems: detail.informationItems,
    liveReadings: detail.liveReadings,
    allowManualReadings: checklist.allowManualReadings,
    allowNotApplicable: checklist.allowNotApplicable,
    readOnly,
  };
  const current = Math.min(index, Math.max(0, questions.length - 1));
  const answeredCount = questions.filter((question) => isAnswered(answers.get(question.id))).length;
  const submittable = !readOnly && canSubmit(questions, answers, checklist.allowPartialUpload);

  const chooseMode = (next: Mode | null) => {
    if (next === null) return;
    setMode(next);
    try {
      window.localStorage.setItem(MODE_STORAGE_KEY, next);
    } catch {
      // Private browsing without storage: the choice lasts for this page.
    }
  };

  const save = (question: FillQuestion, answer: Omit<AnswerBody, 'idempotencyKey' | 'answeredAt'>) => {
    setSaveError(undefined);
    enqueue({ kind: 'answer', instanceId, questionId: question.id, body: { ...answer, idempotencyKey: crypto.randomUUID(), answeredAt: new Date().toISOString() } })
      .then(() => {
        // One at a time: on to the next question once this one is kept.
        if (mode === 'one' && current < questions.length - 1) setIndex(current + 1);
      })
      .catch((error: unknown) => {
        console.error('The answer could not be kept on this device', error);
        setSaveError(t('haccpFilling.keepFailed'));
      });
  };

  const submit = () => {
    enqueue({ kind: 'submit', instanceId, body: { idempotencyKey: crypto.randomUUID() } })
      .then(() => navigate('/app/haccp/today'))
      .catch((error: unknown) => {
        console.error('The submission could not be kept on this device', error);
        setSaveError(t('haccpFilling.keepFailed'));
      });
  };

  const card = (question: FillQuestion, position: number) => (
    <QuestionCard
      key={question.id}
      question={question}
      position={position + 1}
      total={questions.length}
      answer={answers.get(question.id)}
      context={context}
      onSave={save}
    />
  );

  const place = [detail.siteName, detail.shiftName].filter((part) => part !== '').join(' · ');
  const question = questions[current];
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Button component={RouterLink} to="/app/haccp/today" startIcon={<ArrowBackIcon />} sx={{ minHeight: TOUCH, mb: 1 }}>{t('haccpFilling.backToToday')}</Button>
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ mr: 1 }}>{checklist.name}</Typography>
          <StateChip state={detail.state} />
          <PendingAnswersBadge queue={queue} />
        </Stack>
        {place !== '' && <Typography color="text.secondary">{place}</Typography>}
        <Typography>{t('haccpFilling.window', { window: windowText(detail, format) })}</Typography>
        {checklist.description !== '' && <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{checklist.description}</Typography>}
        {detail.completedAt !== undefined && (
          <Typography variant="body2">{t('haccpFilling.submittedBy', { name: detail.submittedBy ?? '', time: format.dateTime(detail.completedAt) })}</Typography>
        )}
        {instance.error !== undefined && <Alert severity="warning">{t('haccpFilling.showingLastKnown')}</Alert>}
        {submissionQueued && <Alert severity="info">{t('haccpFilling.submissionWaiting')}</Alert>}
        {submissionRefused?.rejection !== undefined && <Alert severity="error">{submissionRefused.rejection.message}</Alert>}
        {saveError !== undefined && <Alert severity="error">{saveError}</Alert>}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_event, next: Mode | null) => chooseMode(next)} aria-label={t('haccpFilling.viewMode')}>
          <ToggleButton value="one" sx={{ minHeight: TOUCH }}>{t('haccpFilling.oneAtATime')}</ToggleButton>
          <ToggleButton value="all" sx={{ minHeight: TOUCH }}>{t('haccpFilling.wholeList')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary">{t('haccpFilling.answeredOf', { answered: answeredCount, total: questions.length })}</Typography>
      </Stack>
      {questions.length === 0 && <Typography>{t('haccpFilling.noQuestions')}</Typography>}
      {mode === 'all' ? (
        <Stack spacing={2}>{questions.map(card)}</Stack>
      ) : question !== undefined && (
        <Stack spacing={2}>
          {card(question, current)}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
            <Button variant="outlined" size="large" disabled={current === 0} onClick={() => setIndex(current - 1)} sx={{ minHeight: TOUCH, flex: 1 }}>{t('haccpFilling.previous')}</Button>
            <Button variant="outlined" size="large" disabled={current >= questions.length - 1} onClick={() => setIndex(current + 1)} sx={{ minHeight: TOUCH, flex: 1 }}>{t('haccpFilling.next')}</Button>
          </Stack>
        </Stack>
      )}
      {!readOnly && (
        <Stack spacing={1} sx={{ mt: 3 }}>
          {!submittable && <Typography variant="body2" color="text.secondary">{checklist.allowPartialUpload ? t('haccpFilling.answerRequiredFirst') : t('haccpFilling.answerAllFirst')}</Typography>}
          <Button variant="contained" color="primary" size="large" disabled={!submittable} onClick={submit} sx={{ minHeight: 56 }}>
            {checklist.allowPartialUpload && answeredCount < questions.length ? t('haccpFilling.submitPartial') : t('haccpFilling.submit')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

export default function FillPage() {
  return <HaccpAccess><FillPageContent /></HaccpAccess>;
}
