var Ge=Object.defineProperty;var Xe=Object.getOwnPropertyDescriptor;var c=(i,t,e,s)=>{for(var r=s>1?void 0:s?Xe(t,e):t,o=i.length-1,n;o>=0;o--)(n=i[o])&&(r=(s?n(t,e,r):n(r))||r);return s&&r&&Ge(t,e,r),r};var se=globalThis,re=se.ShadowRoot&&(se.ShadyCSS===void 0||se.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,ue=Symbol(),ke=new WeakMap,B=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==ue)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(re&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=ke.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&ke.set(e,t))}return t}toString(){return this.cssText}},Te=i=>new B(typeof i=="string"?i:i+"",void 0,ue),y=(i,...t)=>{let e=i.length===1?i[0]:t.reduce((s,r,o)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+i[o+1],i[0]);return new B(e,i,ue)},Ce=(i,t)=>{if(re)i.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=se.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,i.appendChild(s)}},me=re?i=>i:i=>i instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return Te(e)})(i):i;var{is:Ze,defineProperty:Qe,getOwnPropertyDescriptor:Ye,getOwnPropertyNames:et,getOwnPropertySymbols:tt,getPrototypeOf:st}=Object,ie=globalThis,Re=ie.trustedTypes,rt=Re?Re.emptyScript:"",it=ie.reactiveElementPolyfillSupport,K=(i,t)=>i,V={toAttribute(i,t){switch(t){case Boolean:i=i?rt:null;break;case Object:case Array:i=i==null?i:JSON.stringify(i)}return i},fromAttribute(i,t){let e=i;switch(t){case Boolean:e=i!==null;break;case Number:e=i===null?null:Number(i);break;case Object:case Array:try{e=JSON.parse(i)}catch{e=null}}return e}},oe=(i,t)=>!Ze(i,t),Pe={attribute:!0,type:String,converter:V,reflect:!1,useDefault:!1,hasChanged:oe};Symbol.metadata??=Symbol("metadata"),ie.litPropertyMetadata??=new WeakMap;var N=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=Pe){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&Qe(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:o}=Ye(this.prototype,t)??{get(){return this[e]},set(n){this[e]=n}};return{get:r,set(n){let h=r?.call(this);o?.call(this,n),this.requestUpdate(t,h,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??Pe}static _$Ei(){if(this.hasOwnProperty(K("elementProperties")))return;let t=st(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(K("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(K("properties"))){let e=this.properties,s=[...et(e),...tt(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(me(r))}else t!==void 0&&e.push(me(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Ce(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let o=(s.converter?.toAttribute!==void 0?s.converter:V).toAttribute(e,s.type);this._$Em=t,o==null?this.removeAttribute(r):this.setAttribute(r,o),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let o=s.getPropertyOptions(r),n=typeof o.converter=="function"?{fromAttribute:o.converter}:o.converter?.fromAttribute!==void 0?o.converter:V;this._$Em=r;let h=n.fromAttribute(e,o.type);this[r]=h??this._$Ej?.get(r)??h,this._$Em=null}}requestUpdate(t,e,s,r=!1,o){if(t!==void 0){let n=this.constructor;if(r===!1&&(o=this[t]),s??=n.getPropertyOptions(t),!((s.hasChanged??oe)(o,e)||s.useDefault&&s.reflect&&o===this._$Ej?.get(t)&&!this.hasAttribute(n._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:o},n){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,n??e??this[t]),o!==!0||n!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,o]of this._$Ep)this[r]=o;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,o]of s){let{wrapped:n}=o,h=this[r];n!==!0||this._$AL.has(r)||h===void 0||this.C(r,void 0,o,h)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};N.elementStyles=[],N.shadowRootOptions={mode:"open"},N[K("elementProperties")]=new Map,N[K("finalized")]=new Map,it?.({ReactiveElement:N}),(ie.reactiveElementVersions??=[]).push("2.1.2");var ye=globalThis,Me=i=>i,ae=ye.trustedTypes,Oe=ae?ae.createPolicy("lit-html",{createHTML:i=>i}):void 0,Je="$lit$",D=`lit$${Math.random().toFixed(9).slice(2)}$`,ze="?"+D,ot=`<${ze}>`,L=document,X=()=>L.createComment(""),Z=i=>i===null||typeof i!="object"&&typeof i!="function",xe=Array.isArray,at=i=>xe(i)||typeof i?.[Symbol.iterator]=="function",ge=`[ 	
\f\r]`,G=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Ne=/-->/g,Ue=/>/g,J=RegExp(`>|${ge}(?:([^\\s"'>=/]+)(${ge}*=${ge}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Ie=/'/g,De=/"/g,Le=/^(?:script|style|textarea|title)$/i,we=i=>(t,...e)=>({_$litType$:i,strings:t,values:e}),a=we(1),At=we(2),St=we(3),W=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),je=new WeakMap,z=L.createTreeWalker(L,129);function We(i,t){if(!xe(i)||!i.hasOwnProperty("raw"))throw Error("invalid template strings array");return Oe!==void 0?Oe.createHTML(t):t}var nt=(i,t)=>{let e=i.length-1,s=[],r,o=t===2?"<svg>":t===3?"<math>":"",n=G;for(let h=0;h<e;h++){let l=i[h],u,g,_=-1,O=0;for(;O<l.length&&(n.lastIndex=O,g=n.exec(l),g!==null);)O=n.lastIndex,n===G?g[1]==="!--"?n=Ne:g[1]!==void 0?n=Ue:g[2]!==void 0?(Le.test(g[2])&&(r=RegExp("</"+g[2],"g")),n=J):g[3]!==void 0&&(n=J):n===J?g[0]===">"?(n=r??G,_=-1):g[1]===void 0?_=-2:(_=n.lastIndex-g[2].length,u=g[1],n=g[3]===void 0?J:g[3]==='"'?De:Ie):n===De||n===Ie?n=J:n===Ne||n===Ue?n=G:(n=J,r=void 0);let I=n===J&&i[h+1].startsWith("/>")?" ":"";o+=n===G?l+ot:_>=0?(s.push(u),l.slice(0,_)+Je+l.slice(_)+D+I):l+D+(_===-2?h:I)}return[We(i,o+(i[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},Q=class i{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let o=0,n=0,h=t.length-1,l=this.parts,[u,g]=nt(t,e);if(this.el=i.createElement(u,s),z.currentNode=this.el.content,e===2||e===3){let _=this.el.content.firstChild;_.replaceWith(..._.childNodes)}for(;(r=z.nextNode())!==null&&l.length<h;){if(r.nodeType===1){if(r.hasAttributes())for(let _ of r.getAttributeNames())if(_.endsWith(Je)){let O=g[n++],I=r.getAttribute(_).split(D),te=/([.?@])?(.*)/.exec(O);l.push({type:1,index:o,name:te[2],strings:I,ctor:te[1]==="."?fe:te[1]==="?"?ve:te[1]==="@"?$e:H}),r.removeAttribute(_)}else _.startsWith(D)&&(l.push({type:6,index:o}),r.removeAttribute(_));if(Le.test(r.tagName)){let _=r.textContent.split(D),O=_.length-1;if(O>0){r.textContent=ae?ae.emptyScript:"";for(let I=0;I<O;I++)r.append(_[I],X()),z.nextNode(),l.push({type:2,index:++o});r.append(_[O],X())}}}else if(r.nodeType===8)if(r.data===ze)l.push({type:2,index:o});else{let _=-1;for(;(_=r.data.indexOf(D,_+1))!==-1;)l.push({type:7,index:o}),_+=D.length-1}o++}}static createElement(t,e){let s=L.createElement("template");return s.innerHTML=t,s}};function F(i,t,e=i,s){if(t===W)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,o=Z(t)?void 0:t._$litDirective$;return r?.constructor!==o&&(r?._$AO?.(!1),o===void 0?r=void 0:(r=new o(i),r._$AT(i,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=F(i,r._$AS(i,t.values),r,s)),t}var _e=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??L).importNode(e,!0);z.currentNode=r;let o=z.nextNode(),n=0,h=0,l=s[0];for(;l!==void 0;){if(n===l.index){let u;l.type===2?u=new Y(o,o.nextSibling,this,t):l.type===1?u=new l.ctor(o,l.name,l.strings,this,t):l.type===6&&(u=new be(o,this,t)),this._$AV.push(u),l=s[++h]}n!==l?.index&&(o=z.nextNode(),n++)}return z.currentNode=L,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},Y=class i{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=F(this,t,e),Z(t)?t===d||t==null||t===""?(this._$AH!==d&&this._$AR(),this._$AH=d):t!==this._$AH&&t!==W&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):at(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==d&&Z(this._$AH)?this._$AA.nextSibling.data=t:this.T(L.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=Q.createElement(We(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let o=new _e(r,this),n=o.u(this.options);o.p(e),this.T(n),this._$AH=o}}_$AC(t){let e=je.get(t.strings);return e===void 0&&je.set(t.strings,e=new Q(t)),e}k(t){xe(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let o of t)r===e.length?e.push(s=new i(this.O(X()),this.O(X()),this,this.options)):s=e[r],s._$AI(o),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=Me(t).nextSibling;Me(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},H=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,o){this.type=1,this._$AH=d,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=o,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=d}_$AI(t,e=this,s,r){let o=this.strings,n=!1;if(o===void 0)t=F(this,t,e,0),n=!Z(t)||t!==this._$AH&&t!==W,n&&(this._$AH=t);else{let h=t,l,u;for(t=o[0],l=0;l<o.length-1;l++)u=F(this,h[s+l],e,l),u===W&&(u=this._$AH[l]),n||=!Z(u)||u!==this._$AH[l],u===d?t=d:t!==d&&(t+=(u??"")+o[l+1]),this._$AH[l]=u}n&&!r&&this.j(t)}j(t){t===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},fe=class extends H{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===d?void 0:t}},ve=class extends H{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==d)}},$e=class extends H{constructor(t,e,s,r,o){super(t,e,s,r,o),this.type=5}_$AI(t,e=this){if((t=F(this,t,e,0)??d)===W)return;let s=this._$AH,r=t===d&&s!==d||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,o=t!==d&&(s===d||r);r&&this.element.removeEventListener(this.name,this,s),o&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},be=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){F(this,t)}};var lt=ye.litHtmlPolyfillSupport;lt?.(Q,Y),(ye.litHtmlVersions??=[]).push("3.3.3");var qe=(i,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let o=e?.renderBefore??null;s._$litPart$=r=new Y(t.insertBefore(X(),o),o,void 0,e??{})}return r._$AI(i),r};var Ae=globalThis,f=class extends N{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=qe(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return W}};f._$litElement$=!0,f.finalized=!0,Ae.litElementHydrateSupport?.({LitElement:f});var dt=Ae.litElementPolyfillSupport;dt?.({LitElement:f});(Ae.litElementVersions??=[]).push("4.2.2");var x=i=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(i,t)}):customElements.define(i,t)};var ct={attribute:!0,type:String,converter:V,reflect:!1,hasChanged:oe},ht=(i=ct,t,e)=>{let{kind:s,metadata:r}=e,o=globalThis.litPropertyMetadata.get(r);if(o===void 0&&globalThis.litPropertyMetadata.set(r,o=new Map),s==="setter"&&((i=Object.create(i)).wrapped=!0),o.set(e.name,i),s==="accessor"){let{name:n}=e;return{set(h){let l=t.get.call(this);t.set.call(this,h),this.requestUpdate(n,l,i,!0,h)},init(h){return h!==void 0&&this.C(n,void 0,i,h),h}}}if(s==="setter"){let{name:n}=e;return function(h){let l=this[n];t.call(this,h),this.requestUpdate(n,l,i,!0,h)}}throw Error("Unsupported decorator location: "+s)};function m(i){return(t,e)=>typeof e=="object"?ht(i,t,e):((s,r,o)=>{let n=r.hasOwnProperty(o);return r.constructor.createProperty(o,s),n?Object.getOwnPropertyDescriptor(r,o):void 0})(i,t,e)}function p(i){return m({...i,state:!0,attribute:!1})}var q=(i,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(i,t,e),e);function Fe(i,t){return(e,s,r)=>{let o=n=>n.renderRoot?.querySelector(i)??null;if(t){let{get:n,set:h}=typeof s=="object"?e:r??(()=>{let l=Symbol();return{get(){return this[l]},set(u){this[l]=u}}})();return q(e,s,{get(){let l=n.call(this);return l===void 0&&(l=o(this),(l!==null||this.hasUpdated)&&h.call(this,l)),l}})}return q(e,s,{get(){return o(this)}})}}function Se(i){history.pushState(null,"",i),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function R(i){i.stopPropagation(),!(i.ctrlKey||i.metaKey||i.shiftKey||i.button!==0)&&(i.preventDefault(),Se(i.currentTarget.getAttribute("href")))}var pt={llm_hub:"Test bench",mcp_server:"MCP Server"};function ne(i){return pt[i]??i}function le(i,t,e){return e?e===i.user?.id?`${i.user.name} (you)`:t.find(s=>s.id===e)?.name??e:"–"}function de(i){return i?i.mode==="search"?"Search":i.mode==="search_over_limit"?i.active?"Search over the limit (searching now)":"Search over the limit (all tools now)":"All tools":"–"}function v(i){return i==null?"–":i.toLocaleString()}function j(i){let t=i.split(/(?<=[_.])(?![_.])/);return a`${t.map((e,s)=>a`${s?a`<wbr />`:d}${e}`)}`}function He(i){if(!i)return[];let t=[];return i.read_only?t.push(a`<span class="badge info">read-only</span>`):(i.destructive&&t.push(a`<span class="badge error">destructive</span>`),i.idempotent&&t.push(a`<span class="badge">idempotent</span>`)),i.open_world&&t.push(a`<span class="badge warning">open world</span>`),t}function ce(i){return a`<span class="badge ${i==="ok"?"success":i==="needs_confirmation"?"warning":"error"}">${i.replace("_"," ")}</span>`}var w=y`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`;var C=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}};function A(i){if(i&&typeof i=="object"&&"message"in i){let{code:t,message:e}=i;return t?`${t}: ${e}`:String(e)}return String(i)}var ut=["ok","error","refused","needs_confirmation"],T=class extends f{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return le(this.hass,this.users,e)}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._calls)return a`<div class="secondary">Loading…</div>`;let e=this._calls,s=[...new Map(e.map(l=>[l.api_id,l.api_name])).entries()],r=[...new Set(e.map(l=>l.user_id??""))],o=this._tool.trim().toLowerCase(),n=e.filter(l=>(!this._hub||l.api_id===this._hub)&&(!this._user||(l.user_id??"")===this._user)&&(!this._outcome||l.outcome===this._outcome)&&(!o||l.tool_name.toLowerCase().includes(o)||l.original_tool_name.toLowerCase().includes(o))),h=l=>u=>{this[l]=u.target.value};return a`<div class="card">
      <h2>Activity</h2>
      <div class="toolbar">
        <select name="hub" @change=${h("_hub")}>
          <option value="">All hubs</option>
          ${s.map(([l,u])=>a`<option value=${l}>${u}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder="Tool"
          .value=${this._tool}
          @input=${l=>this._tool=l.target.value}
        />
        <select name="user" @change=${h("_user")}>
          <option value="">All users</option>
          ${r.map(l=>a`<option value=${l}>${this._userName(l||null)}</option>`)}
        </select>
        <select name="outcome" @change=${h("_outcome")}>
          <option value="">All outcomes</option>
          ${ut.map(l=>a`<option value=${l}>${l.replace("_"," ")}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● live</span>
      </div>
      ${n.length===0?a`<p class="secondary">
            ${e.length?"No call matches.":"No tool calls through a hub yet."}
          </p>`:a`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>Time</th>
                <th>Hub</th>
                <th>Tool</th>
                <th>User</th>
                <th>From</th>
                <th>Outcome</th>
                <th class="number">Duration</th>
              </tr>
            </thead>
            <tbody>
              ${n.map(l=>this._row(l))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){return a`<tr data-call=${e.tool_call_id}>
      <td class="time">${new Date(e.time).toLocaleString()}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${j(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?a`<div class="secondary"><code>${j(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?a`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?a`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??ne(e.platform)}</td>
      <td>${ce(e.outcome)}</td>
      <td class="number">${e.duration_ms.toLocaleString()} ms</td>
    </tr>`}};T.styles=[w,y`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],c([m({attribute:!1})],T.prototype,"hass",2),c([m({attribute:!1})],T.prototype,"users",2),c([p()],T.prototype,"_calls",2),c([p()],T.prototype,"_error",2),c([p()],T.prototype,"_hub",2),c([p()],T.prototype,"_tool",2),c([p()],T.prototype,"_user",2),c([p()],T.prototype,"_outcome",2),T=c([x("llm-hub-activity")],T);var mt={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};function Be(i,t){let e=Math.max(0,Math.round((Date.parse(i)-t)/1e3)),[s,r,o]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],n=h=>String(h).padStart(2,"0");return s?`${s}:${n(r)}:${n(o)}`:`${r}:${n(o)}`}function ee(i){return new Date(i).toLocaleTimeString()}var S=class extends f{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let o=new Map(this._failed);o.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(h){o.set(r,A(h))}this._failed=o;let n=new Set(this._busy);n.delete(r),this._busy=n}_who(e){return e?le(this.hass,this.users,e):"a caller without a user"}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._approvals)return a`<div class="secondary">Loading…</div>`;let e=this._approvals.filter(r=>r.status==="pending"),s=this._approvals.filter(r=>r.status!=="pending").sort((r,o)=>(o.decided??o.expires).localeCompare(r.decided??r.expires));return a`<div class="card">
        <div class="toolbar">
          <h2 class="grow">Approvals</h2>
          <span class="secondary live">● live</span>
        </div>
        ${e.length?e.map(r=>this._approval(r)):a`<p class="secondary empty">
              No tool call waits for approval. When a hub's tool needs confirming (its options
              → Safety) and the call comes from no conversation — an MCP client, an automation,
              the websocket — it waits here until an administrator or the user it runs as
              approves or denies it.
            </p>`}
      </div>
      ${s.length?a`<div class="card decided-card">
            <h2>Decided</h2>
            ${s.map(r=>this._approval(r))}
          </div>`:d}`}_approval(e){let s=e.approval_id,r=e.status==="pending",o=Object.keys(e.arguments).length?a`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:a`<div class="secondary">No arguments.</div>`,n=this._failed.get(s);return a`<div class=${r?"approval":"approval done"} data-approval=${s}
      data-status=${e.status}>
      <div class="head">
        <code class="tool">${j(e.tool_name)}</code>
        <span class="secondary">through</span>
        ${this.hubLinks?a`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${R}
              >${e.hub_name}</a
            >`:a`<span class="hub">${e.hub_name}</span>`}
        <span class="badge ${mt[e.status]} status">${e.status}</span>
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        Asked by <span class="asked-by">${this._who(e.user_id)}</span> through
        ${ne(e.platform)} at ${ee(e.created)}.
        ${this._decision(e)}
      </div>
      ${e.targets?.length?a`<div class="targets">
            Acts on: ${e.targets.map((h,l)=>a`${l?", ":""}<b>${h}</b>`)}
          </div>`:d}
      ${o}
      ${n?a`<div class="alert error">${n}</div>`:d}
      ${r?a`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!0)}
            >
              Approve
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(s)}
              @click=${()=>this._decide(e,!1)}
            >
              Deny
            </button>
          </div>`:d}
    </div>`}_countdown(e){let s=ee(e.expires);return e.status==="pending"?a`<span class="countdown" title=${`Until ${s}`}
        >Expires in ${Be(e.expires,this._now)}</span
      >`:e.status==="approved"?a`<span class="countdown" title=${`Until ${s}`}
        >Call within ${Be(e.expires,this._now)}</span
      >`:d}_decision(e){let s=e.decided_by?this._who(e.decided_by):"",r=e.decided?ee(e.decided):"";switch(e.status){case"approved":return a`Approved by <span class="decided-by">${s}</span> at ${r}; the tool runs
          when the model calls again with the approval id.`;case"used":return a`Approved by <span class="decided-by">${s}</span> at ${r}; the tool
          ran.`;case"denied":return a`Denied by <span class="decided-by">${s}</span> at ${r}.`;case"expired":return e.decided_by?a`Approved by <span class="decided-by">${s}</span> at ${r}, not called in
              time: expired at ${ee(e.expires)}.`:a`Nobody decided: expired at ${ee(e.expires)}.`;default:return d}}};S.styles=[w,y`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],c([m({attribute:!1})],S.prototype,"hass",2),c([m({attribute:!1})],S.prototype,"users",2),c([m()],S.prototype,"prefix",2),c([m({type:Boolean})],S.prototype,"hubLinks",2),c([p()],S.prototype,"_approvals",2),c([p()],S.prototype,"_error",2),c([p()],S.prototype,"_busy",2),c([p()],S.prototype,"_failed",2),c([p()],S.prototype,"_now",2),S=c([x("llm-hub-approvals")],S);var he={title:"Scope",loading:"Loading…",none:"No scope: the hub reaches every entity exposed to Assist, for every user.",narrows:"The hub reaches only these entities; a scope never widens what is exposed to Assist.",areas:"Areas",floors:"Floors",labels:"Labels",domains:"Domains",entities:"Entities",excluded:"Left out",users:"Users",everyone:"every user",adminsOnly:"administrators only",gone:"(no longer exists)",reaches:(i,t)=>`reaches ${v(i)} of ${v(t)} exposed entities`,showList:"Entities the hub reaches",filter:"Filter by name, entity id or area",noArea:"no area",noneReached:"None: nothing exposed to Assist is in this scope.",refused:"refused",refusal:"Home Assistant's answer for an entity that is not exposed to Assist: no entity the call names is exposed, or within this hub's scope. Nothing was changed."},b=he;function Ke(i){return typeof i=="object"&&i!==null&&i.error==="MatchFailedError"}var P=class extends f{constructor(){super(...arguments);this.entryId="";this._filter=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._scope=void 0,this._load())}async _load(){try{this._scope=await this.hass.callWS({type:"llm_hub/hub/scope",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=A(e)}}render(){let e=this._scope;return a`<div class="card scope">
      <h2>${b.title}</h2>
      ${this._error?a`<div class="alert error">${this._error}</div>`:e?this._body(e):a`<div class="secondary">${b.loading}</div>`}
    </div>`}_body(e){let s=e.allowed_users.length||e.admins_only;return a`
      <p class="reaches"><strong>${b.reaches(e.reached.length,e.exposed)}</strong></p>
      ${e.empty&&!s?a`<p class="secondary">${b.none}</p>`:a`${e.empty?d:a`<p class="secondary">${b.narrows}</p>`}
            <table class="names">
              ${this._row(b.areas,e.areas)} ${this._row(b.floors,e.floors)}
              ${this._row(b.labels,e.labels)}
              ${this._row(b.domains,e.domains.map(r=>({id:r,name:r})))}
              ${this._row(b.entities,e.entities)} ${this._row(b.excluded,e.excluded)}
              <tr>
                <th>${b.users}</th>
                <td data-part="users">
                  ${[...e.allowed_users.length?e.allowed_users.map(r=>this._name(r)):[b.everyone],...e.admins_only?[b.adminsOnly]:[]].map((r,o)=>a`${o?", ":""}${r}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${b.showList} (${v(e.reached.length)})</summary>
        ${this._reached(e)}
      </details>
    `}_row(e,s){return s.length?a`<tr>
      <th>${e}</th>
      <td data-part=${e}>
        ${s.map((r,o)=>a`${o?", ":""}${this._name(r)}`)}
      </td>
    </tr>`:d}_name(e){return e.name===null?a`<code>${e.id}</code> <span class="badge warning">${b.gone}</span>`:a`<span title=${e.id}>${e.name}</span>`}_reached(e){if(!e.reached.length)return a`<p class="secondary">${b.noneReached}</p>`;let s=this._filter.trim().toLowerCase(),r=e.reached.filter(o=>!s||[o.id,o.name,o.area].some(n=>n?.toLowerCase().includes(s)));return a`<input
        type="search"
        placeholder=${b.filter}
        .value=${this._filter}
        @input=${o=>this._filter=o.target.value}
      />
      <ul class="entities">
        ${r.map(o=>a`<li data-entity=${o.id}>
              ${o.name??o.id} <code>${o.id}</code>
              <span class="secondary">${o.area??b.noArea}</span>
            </li>`)}
      </ul>`}};P.styles=[w,y`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `],c([m({attribute:!1})],P.prototype,"hass",2),c([m()],P.prototype,"entryId",2),c([p()],P.prototype,"_scope",2),c([p()],P.prototype,"_error",2),c([p()],P.prototype,"_filter",2),P=c([x("llm-hub-scope")],P);var Ee;async function gt(){let i=window;if(typeof i.loadCardHelpers=="function"&&(await(await(await i.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function Ve(){return customElements.get("ha-form")?Promise.resolve(!0):(Ee??=Promise.race([gt().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(i=>setTimeout(()=>i(!1),5e3))]).then(i=>(i||(Ee=void 0),i)),Ee)}function pe(i){return(Array.isArray(i.type)?i.type:[i.type]).find(e=>e&&e!=="null")}var E=class extends f{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",Ve().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=Object.entries(this.schema?.properties??{}),s=new Set(this.schema?.required??[]);return a`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} /> Edit the
        arguments as JSON</label
      >
      ${this._asJson?a`<textarea
            name="__json__"
            .value=${this._json}
            @input=${r=>{this._json=r.target.value,this._emit()}}
          ></textarea>`:e.length===0?a`<p class="secondary">This tool takes no arguments.</p>`:this._haForm===void 0?a`<p class="secondary">Loading the form…</p>`:this._haForm?this._renderHaForm(e,s):e.map(([r,o])=>this._field(r,o,s.has(r)))}
    `}_renderHaForm(e,s){let r=e.map(([n])=>({name:n,required:s.has(n),selector:this.selectors[n]??{object:{}}})),o=Object.fromEntries(e.map(([n,h])=>[n,h.description]));return a`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${n=>n.name}
      .computeHelper=${n=>o[n.name]}
      @value-changed=${n=>{n.stopPropagation(),this._data=n.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let o=pe(s),n=this._raw[e]??"",h=g=>{this._raw={...this._raw,[e]:g},this._emit()},l=g=>h(g.target.value),u;return s.enum?u=a`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        ${s.enum.map(g=>a`<option value=${JSON.stringify(g)} ?selected=${n===JSON.stringify(g)}>
              ${String(g)}
            </option>`)}
      </select>`:o==="boolean"?u=a`<select name=${e} @change=${l}>
        <option value="" ?selected=${n===""}>—</option>
        <option value="true" ?selected=${n==="true"}>true</option>
        <option value="false" ?selected=${n==="false"}>false</option>
      </select>`:o==="integer"||o==="number"?u=a`<input
        name=${e}
        type="number"
        step=${o==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${n}
        @input=${l}
      />`:o==="string"?u=a`<input name=${e} type="text" .value=${n} @input=${l} />`:o==="array"&&pe(s.items??{})==="string"&&!s.items?.enum?u=a`<textarea
        name=${e}
        placeholder="One per line"
        .value=${n}
        @input=${l}
      ></textarea>`:u=a`<textarea
        name=${e}
        placeholder="JSON"
        .value=${n}
        @input=${l}
      ></textarea>`,a`<div class="field">
      <label
        ><code>${e}</code>${r?a`<span class="required">*</span>`:d}
        ${o?a`<span class="secondary">${o}</span>`:d}</label
      >
      ${u}
      ${s.description?a`<div class="secondary">${s.description}</div>`:d}
      ${this._errors[e]?a`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,o]of Object.entries(this.schema?.properties??{})){let n=this._raw[r];if(n===void 0||n==="")continue;let h=pe(o);try{o.enum||h==="boolean"?e[r]=JSON.parse(n):h==="integer"||h==="number"?e[r]=Number(n):h==="string"?e[r]=n:h==="array"&&pe(o.items??{})==="string"&&!o.items?.enum?e[r]=n.split(`
`).filter(l=>l.trim()):e[r]=JSON.parse(n)}catch{s[r]="Not valid JSON"}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:"The arguments must be a JSON object"}}catch(s){e={error:`Not valid JSON: ${s.message}`}}else{let s=this._args();e=Object.keys(this._errors).length?{error:"Some fields are not valid"}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};E.styles=[w,y`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],c([m({attribute:!1})],E.prototype,"hass",2),c([m({attribute:!1})],E.prototype,"schema",2),c([m({attribute:!1})],E.prototype,"selectors",2),c([p()],E.prototype,"_haForm",2),c([p()],E.prototype,"_data",2),c([p()],E.prototype,"_raw",2),c([p()],E.prototype,"_errors",2),c([p()],E.prototype,"_asJson",2),c([p()],E.prototype,"_json",2),E=c([x("llm-hub-schema-form")],E);var $=class extends f{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let e=this._apis.apis.filter(r=>r.tools!==null),s=e.find(r=>r.id===this.apiId)??e[0];s&&await this._loadApi(s.id,this.toolName)}catch(e){this._error=A(e)}await this._timer.done()}async _loadApi(e,s=""){this._api=e,this._description=void 0,this._result=void 0,this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:e});let r=this._description.tools.filter(o=>!o.hidden);this._selectTool((r.find(o=>o.name===s)??r[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){if(!this._apis)return this._error?a`<div class="alert error">${this._error}</div>`:a`<div class="secondary">Loading…</div>`;let e=this._description?.tools.filter(n=>!n.hidden)??[],s=e.find(n=>n.name===this._tool),r=this.hass.user,o=this.users.length?this.users:r?[{id:r.id,name:r.name}]:[];return a`
      <div class="card">
        <h2>Test bench</h2>
        <p class="secondary">
          Runs a tool the way a model's call runs it: through the API, with its checks, as the
          user you pick. Tools change things in your home for real.
        </p>
        <div class="pickers">
          <label
            >LLM API
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(n=>n.tools!==null).map(n=>a`<option value=${n.id} ?selected=${n.id===this._api}>
                      ${n.name}${n.hub?"":" (not a hub)"}
                    </option>`)}
            </select></label
          >
          <label
            >Tool
            <select
              name="tool"
              @change=${n=>this._selectTool(n.target.value)}
            >
              ${e.map(n=>a`<option value=${n.name} ?selected=${n.name===this._tool}>
                    ${n.name}
                  </option>`)}
            </select></label
          >
          <label
            >Run as
            <select
              name="user"
              @change=${n=>this._user=n.target.value}
            >
              ${o.map(n=>a`<option value=${n.id} ?selected=${n.id===this._user}>
                    ${n.name}${n.id===r?.id?" (you)":""}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${s?a`<div class="card">
            <h2>${s.title||s.name}</h2>
            <p>${s.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${s.parameters}
              .selectors=${s.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?a`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${this._running?"Running…":"Run"}
            </button>
          </div>`:this._description?a`<div class="card secondary">This API lists no tools for you.</div>`:d}
      ${this._error?a`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,o=Ke(e.result.data);return a`<div class="card result">
      <h2>Result</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${o?a`<span class="badge error refusal">${he.refused}</span>`:ce(e.outcome)}
          </div>
          <div class="label">outcome</div>
        </div>
        <div class="figure">
          <div class="value duration">${e.duration_ms.toLocaleString()} ms</div>
          <div class="label">time</div>
        </div>
        <div class="figure">
          <div class="value">${Math.ceil(s.length/r).toLocaleString()}</div>
          <div class="label">tokens (estimated)</div>
        </div>
      </div>
      ${o?a`<div class="alert refusal-text">
            ${e.result.data.error_text??""}.
            ${he.refusal}
          </div>`:d}
      <div class="secondary">Result data:</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">What the model reads (${s.length.toLocaleString()} characters):</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=A(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=A(e)}finally{this._running=!1}}};$.styles=[w,y`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],c([m({attribute:!1})],$.prototype,"hass",2),c([m({attribute:!1})],$.prototype,"users",2),c([m()],$.prototype,"apiId",2),c([m()],$.prototype,"toolName",2),c([p()],$.prototype,"_apis",2),c([p()],$.prototype,"_description",2),c([p()],$.prototype,"_api",2),c([p()],$.prototype,"_tool",2),c([p()],$.prototype,"_user",2),c([p()],$.prototype,"_args",2),c([p()],$.prototype,"_argsError",2),c([p()],$.prototype,"_running",2),c([p()],$.prototype,"_result",2),c([p()],$.prototype,"_error",2),c([Fe("llm-hub-schema-form")],$.prototype,"_form",2),$=c([x("llm-hub-bench")],$);var _t="llm_hub-",ft=["APIs and instructions","Tools","Scope","Safety","Tool names and descriptions","Limits and logging","Tool search"],k=class extends f{constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._providers={};this._timer=new C(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;let e=this._description;if(!e)return a`<div class="secondary">Loading…</div>`;let{api:s,size:r,search:o}=e,n=e.tools.filter(l=>l.hidden).length,h=s.hub?s.id.slice(_t.length):void 0;return a`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${s.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(s.id)}`} @click=${R}
            ><button>Test bench</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(v(r.tools),"tools listed")}
          ${o?this._figure(v(o.reachable),"tools reachable"):d}
          ${s.hub?this._figure(v(n),"hidden"):d}
          ${this._figure(v(r.prompt_chars+r.tools_chars),"characters")}
          ${this._figure(v(r.tokens),"tokens (estimated)")}
          ${r.max_tools!==void 0?this._figure(v(r.max_tools),"tool limit"):d}
        </div>
        ${o?a`<p class="mode">
              Tool mode: <strong>${de(o)}</strong>.
              ${o.active?a`The model is handed ${v(o.listed)} tools
                    (${o.meta_tools.join(", ")}${o.listed>o.meta_tools.length?", and the tools always listed":""})
                    and reaches all ${v(o.reachable)} through search.`:a`The model is handed all ${v(o.listed)} tools.`}
            </p>`:d}
        ${r.over_limit?a`<div class="alert">
              ${s.name} lists ${r.tools} tools, more than its limit of ${r.max_tools}:
              some models refuse that many. Leave tools out in its options.
            </div>`:d}
        ${r.over_client_limit?a`<div class="alert client-limit">
              ${s.name} lists ${r.tools} tools: some MCP clients, such as Cursor, keep only
              the first ${r.client_limit}.
              ${s.hub?"Choose a search mode under Tool search, or leave tools out under Tools.":""}
            </div>`:d}
        <div class="secondary"><code>${s.id}</code> · tokens: ${r.estimator}</div>
        ${h?a`<p>
              Options:
              ${ft.map((l,u)=>a`${u?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${h}`}
                    title="Settings → LLM Hub → ${s.name} → Configure → ${l}"
                    @click=${R}
                    >${l}</a
                  >`)}
            </p>`:d}
      </div>
      ${h?a`<llm-hub-scope .hass=${this.hass} .entryId=${h}></llm-hub-scope>`:d}
      <div class="card">
        <h2>Prompt</h2>
        <p class="secondary">What the model reads before your request (for you, in your language).</p>
        <pre class="prompt">${e.prompt||"(no prompt)"}</pre>
      </div>
      <div class="card tools-card">
        <h2>Tools</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder="Filter by name, original name or source"
            .value=${this._filter}
            @input=${l=>this._filter=l.target.value}
          />
          ${s.hub?a`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${l=>this._showHidden=l.target.checked}
                />
                Show hidden tools</label
              >`:d}
        </div>
        ${this._toolsTable(e.tools,s.hub,!!o?.active)}
      </div>
    `}_figure(e,s){return a`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let o=this._filter.trim().toLowerCase(),n=e.filter(h=>(this._showHidden||!h.hidden)&&(!o||[h.name,h.original_name,h.source.integration,h.source.api,h.source.api_name].some(l=>l?.toLowerCase().includes(o))));return a`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>Listed name</th>
          ${r?a`<th>Model gets</th>`:d}
          <th>Original name and source</th>
          <th>Annotations</th>
          ${s?a`<th>Confirmation</th>
                <th>Hidden</th>
                <th>Schema changes</th>`:d}
          <th class="number">Tokens</th>
        </tr>
      </thead>
      <tbody>
        ${n.map(h=>this._toolRow(h,s,r))}
      </tbody>
    </table></div>
    ${n.length===0?a`<p class="secondary">No tool matches.</p>`:d}`}_toolRow(e,s,r){let o=e.key??e.name,n=this._open===o,h=(s?7:4)+(r?1:0);return a`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${n?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${j(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?a`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?a`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${j(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${He(e.annotations)}</td>
        ${s?a`<td>
                ${e.confirm?a`<span class="badge warning">needs confirmation</span>
                      ${e.confirm_reason?a`<div class="secondary">${e.confirm_reason}</div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?a`<span class="badge">hidden</span> ${e.hidden}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?a`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${e.schema_fixes.length} change${e.schema_fixes.length>1?"s":""}</span
                    >`:d}
              </td>`:d}
        <td class="number">${v(e.size.tokens)}</td>
      </tr>
      ${n?a`<tr class="details">
            <td colspan=${h}>${this._details(e)}</td>
          </tr>`:d}`}_listing(e){return e.hidden?d:e.meta?a`<span class="badge info">listed: tool search</span>`:e.listed?a`<span class="badge info">listed</span>`:a`<span class="badge">through search</span>`}_source(e){if(e.meta)return`tool search of ${e.source.api_name??e.source.api}`;let{integration:s}=e.source,r=e.source.api_name??e.source.api;return r&&s?`${s}, through ${r}`:r?`through ${r}`:s?`${s} (contributed)`:""}_details(e){let s=this._providers[e.name];return a`
      <p>${e.description||a`<span class="secondary">(no description)</span>`}</p>
      ${e.schema_fixes?.length?a`<div class="secondary">Schema changes made so every provider accepts it:</div>
            <ul>
              ${e.schema_fixes.map(r=>a`<li>${r}</li>`)}
            </ul>`:d}
      ${e.parameters_error?a`<div class="alert error">Parameters: ${e.parameters_error}</div>`:a`<div class="secondary">Parameters (JSON Schema, as agents convert them):</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?a`<p class="secondary">
            Not handed to the model: it finds this tool with search_tools and calls it through
            call_tool (call_read_only_tool for a read-only tool), with the same checks.
          </p>`:d}
      ${e.hidden||!e.listed?d:a`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${R}
                ><button class="primary">Try it in the test bench</button></a
              >
            </div>
            <div class="secondary">What each provider's agent in Home Assistant sends:</div>
            ${s===void 0?a`<div class="secondary">Loading…</div>`:typeof s=="string"?a`<div class="alert error">${s}</div>`:a`<div class="providers">
                    ${Object.entries(s.providers).map(([r,o])=>a`<div class="provider" data-provider=${r}>
                        <strong>${o.name}</strong>
                        ${o.error?a`<div class="secondary">${o.error}</div>`:a`<pre>${JSON.stringify(o.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:A(r)}}}};k.styles=[w,y`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],c([m({attribute:!1})],k.prototype,"hass",2),c([m()],k.prototype,"apiId",2),c([m()],k.prototype,"prefix",2),c([p()],k.prototype,"_description",2),c([p()],k.prototype,"_error",2),c([p()],k.prototype,"_filter",2),c([p()],k.prototype,"_showHidden",2),c([p()],k.prototype,"_open",2),c([p()],k.prototype,"_providers",2),k=c([x("llm-hub-view")],k);var U=class extends f{constructor(){super(...arguments);this.prefix="";this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){if(this._error)return a`<div class="alert error">${this._error}</div>`;if(!this._list)return a`<div class="secondary">Loading…</div>`;let e=this._list.apis.filter(r=>r.hub),s=this._list.apis.filter(r=>!r.hub);return a`
      <div class="card">
        <h2>Hubs</h2>
        ${e.length?this._table(e,!0):a`<p class="secondary">
              No hub yet: add one in Settings → Devices &amp; services → Add integration →
              LLM Hub.
            </p>`}
      </div>
      <div class="card">
        <h2>Other LLM APIs</h2>
        ${this._table(s,!1)}
      </div>
      <p class="secondary">
        Sizes are what a model gets, built for you: prompt and tool definitions; tokens are
        estimated (${this._list.estimator}). Calls are those of the last 24 hours, counted
        since Home Assistant started (${new Date(this._list.since).toLocaleString()}).
        <button @click=${this._reload}>Refresh</button>
      </p>
    `}_table(e,s){return a`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>Name</th>
          ${s?a`<th>Tool mode</th>`:d}
          <th class="number">${s?"Tools listed":"Tools"}</th>
          ${s?a`<th class="number">Reachable</th>
                <th class="number">Hidden</th>`:d}
          <th class="number">Characters</th>
          <th class="number">Tokens (est.)</th>
          ${s?a`<th>Warnings</th>
                <th class="number">Calls (24 h)</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(r=>a`<tr
            class="clickable"
            data-api=${r.id}
            @click=${()=>Se(`${this.prefix}/hub/${encodeURIComponent(r.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(r.id)}`} @click=${R}
                >${r.name}</a
              >
              <div class="secondary"><code>${r.id}</code></div>
            </td>
            ${s?a`<td class="mode">${de(r.search)}</td>`:d}
            <td class="number">${v(r.tools)}</td>
            ${s?a`<td class="number">${v(r.search?.reachable)}</td>
                  <td class="number">${v(r.hidden)}</td>`:d}
            <td class="number">
              ${r.prompt_chars===null?"–":v((r.prompt_chars??0)+(r.tools_chars??0))}
            </td>
            <td class="number">${v(r.tokens)}</td>
            ${s?a`<td>${this._warnings(r)}</td>
                  <td class="number">${v(r.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){return a`
      ${e.state!=="loaded"?a`<span class="badge error">${e.state.replaceAll("_"," ")}</span>`:d}
      ${e.error?a`<span class="badge error" title=${e.error}>cannot be built</span>`:d}
      ${e.over_limit?a`<span class="badge warning" title="More tools than the hub's limit"
            >over the limit of ${e.max_tools}</span
          >`:d}
      ${e.over_client_limit?a`<span
            class="badge warning"
            title="Some MCP clients, such as Cursor, keep only the first ${this._list.client_limit} tools"
            >over ${this._list.client_limit} tools</span
          >`:d}
      ${e.repairs.length?a`<a href="/config/repairs" @click=${R}
            ><span class="badge warning"
              >${e.repairs.length} repair${e.repairs.length>1?"s":""}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};U.styles=w,c([m({attribute:!1})],U.prototype,"hass",2),c([m()],U.prototype,"prefix",2),c([p()],U.prototype,"_list",2),c([p()],U.prototype,"_error",2),U=c([x("llm-hub-hubs")],U);var vt=[{path:"hubs",label:"Hubs"},{path:"bench",label:"Test bench"},{path:"activity",label:"Activity"},{path:"approvals",label:"Approvals"}],M=class extends f{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass)return d;if(this._approvalsOnly)return a`
        <header>
          ${this.narrow?a`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:d}
          <div class="title">LLM Hub approvals</div>
        </header>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[e="hubs",s]=this._parts,r=e==="hub"?"hubs":e;return a`
      <header>
        ${this.narrow?a`<button class="menu" title="Sidebar" @click=${this._toggleMenu}>☰</button>`:d}
        <div class="title">LLM Hub</div>
        <nav>
          ${vt.map(o=>a`<a
              class=${o.path===r?"tab active":"tab"}
              href=${`${this._prefix}/${o.path}`}
              data-tab=${o.path}
              @click=${R}
              >${o.label}</a
            >`)}
        </nav>
      </header>
      <main>${this._view(e,s)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return a`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return a`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return a`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return a`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return a`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};M.styles=[w,y`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],c([m({attribute:!1})],M.prototype,"hass",2),c([m({type:Boolean,reflect:!0})],M.prototype,"narrow",2),c([m({attribute:!1})],M.prototype,"route",2),c([m({attribute:!1})],M.prototype,"panel",2),c([p()],M.prototype,"_users",2),M=c([x("llm-hub-panel")],M);export{M as LlmHubPanel};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
