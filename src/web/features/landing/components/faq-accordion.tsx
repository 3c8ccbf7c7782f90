import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx';
import { FAQ_ANSWERS } from './faq-answers.tsx';
import type { FaqQuestion } from './faq-questions.ts';

export function FaqAccordion({ questions }: { questions: readonly FaqQuestion[] }) {
  return (
    <Accordion type="multiple" className="mt-2">
      {questions.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger>{item.question}</AccordionTrigger>
          <AccordionContent>{FAQ_ANSWERS[item.id]}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
