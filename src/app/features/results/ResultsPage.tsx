import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { shortDrawNumber } from '../../../shared/draws/display.ts';
import { enabledGamesQueryOptions } from '../games/games-queries.ts';
import { DrawResult } from './DrawResult.tsx';
import { buildResultsSections, formatDrawTime, type ResultsEntry } from './results-model.ts';
import { latestResultsQueryOptions } from './results-queries.ts';
import './results.css';

function EntryResult({ entry, loaded }: { entry: ResultsEntry; loaded: boolean }) {
  const { info, latest } = entry;
  if (info.instant) return <Text size="sm" c="dimmed">秒开 · 投注即开奖</Text>;
  if (latest) return <DrawResult drawType={info.code} result={latest.result} drawAt={latest.drawAt} />;
  return loaded ? <Text size="sm" c="dimmed">暂无开奖</Text> : <Skeleton height={22} width={120} />;
}

/** One game's row: the whole row opens its history (instant games have none to show). */
function ResultsRow({ entry, loaded }: { entry: ResultsEntry; loaded: boolean }) {
  const { info, latest } = entry;
  const body = (
    <>
      <span className="jl-results-head">
        <span className="jl-results-name">{info.shortName ?? info.name}</span>
        {latest && (
          <span className="jl-results-issue">
            第 {shortDrawNumber(latest.issueNumber)} 期 · {formatDrawTime(latest.drawAt)}
          </span>
        )}
      </span>
      <EntryResult entry={entry} loaded={loaded} />
    </>
  );
  return (
    <li data-testid="results-entry" data-draw-type={info.code} data-issue={latest?.issueNumber}>
      {info.instant ? (
        <div className="jl-results-row">{body}</div>
      ) : (
        <Link className="jl-results-row" to="/draw-results/$type" params={{ type: info.code }} aria-label={`${info.name} 开奖历史`}>
          {body}
        </Link>
      )}
    </li>
  );
}

/** 开奖: every enabled game's latest result, by category; a row opens that game's history. */
export function ResultsPage() {
  const config = useQuery(enabledGamesQueryOptions());
  const latest = useQuery(latestResultsQueryOptions());
  const sections = config.data ? buildResultsSections(config.data, latest.data) : [];
  return (
    <Stack gap="md" maw={860} mx="auto" data-testid="results-page">
      <Title order={1} size="h3">
        开奖结果
      </Title>
      {latest.isError && !latest.data && <Alert color="orange">开奖结果暂时无法读取，请稍后再试</Alert>}
      {!config.data && <Skeleton height={400} />}
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`results-${section.key}`} data-testid="results-section" data-category={section.key}>
          <Title order={2} size="h5" id={`results-${section.key}`} mb={6}>
            {section.name}
          </Title>
          <ul className="jl-results-list">
            {section.entries.map((entry) => (
              <ResultsRow key={entry.info.code} entry={entry} loaded={latest.data !== undefined} />
            ))}
          </ul>
        </section>
      ))}
    </Stack>
  );
}
