import { useMessages } from '../i18n/use-language.ts';

/**
 * A media source's score, "Score: -3". The number is its own left-to-right run: left in an Arabic
 * paragraph's direction, the minus of a negative score lands on the wrong side ("3-").
 */
export function SourceScore({ score }: { score: number }) {
  const t = useMessages();
  return (
    <span>
      {t.score}: <strong dir="ltr">{score}</strong>
    </span>
  );
}
