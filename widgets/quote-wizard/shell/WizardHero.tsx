import { CarDrawing } from '../../core/CarDrawing.tsx';

/** The wizard's hero (doc 2 section 1): the car and the title. */
export function WizardHero({ title }: { title: string }) {
  return (
    <div className="ppm-wizard__hero" part="hero">
      <CarDrawing className="ppm-wizard__car" />
      <h2 className="ppm-wizard__title">{title}</h2>
    </div>
  );
}
